"""Fill unfinished entries of the zh_CN .ts file from a JSON map {source: translation} (a translator's tool).

Usage: .venv/bin/python scripts/fill_translations.py MAP.json   then `make i18n` to compile.
Only entries marked unfinished are touched; a source missing from the map is listed and left unfinished.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

TS = Path(__file__).resolve().parent.parent / "resources" / "i18n" / "gpuplanner_zh_CN.ts"


def main(map_path: str) -> int:
    mapping: dict[str, str] = json.loads(Path(map_path).read_text(encoding="utf-8"))
    tree = ET.parse(TS)
    missing = []
    for message in tree.iter("message"):
        translation = message.find("translation")
        source = message.findtext("source") or ""
        if translation is None or translation.get("type") != "unfinished":
            continue
        if source in mapping:
            translation.text = mapping[source]
            del translation.attrib["type"]
        else:
            missing.append(source)
    body = ET.tostring(tree.getroot(), encoding="unicode")
    TS.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    for source in missing:
        print(f"not translated: {source!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
