"""Collect the licences of everything the app ships into resources/licenses/ (run by `make lock`).

Reads the runtime packages and versions from requirements/app.lock (build tools excluded), takes each licence
text from the installed distribution (Qt for Python ships none in its wheel: the LGPL/GPL texts come from the
system's common-licenses), adds the bundled font, and writes resources/licenses/third-party.json.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "licenses"
BUILD_TOOLS = {"pip", "setuptools"}  # install the app; not part of it
COMMON_LICENSES = Path("/usr/share/common-licenses")
QT_TEXTS = {"LGPL-3.0.txt": "LGPL-3", "GPL-3.0.txt": "GPL-3", "GPL-2.0.txt": "GPL-2"}


def locked_runtime_packages() -> dict[str, str]:
    """name -> version of every package in the app's lock, less the build tools."""
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)", (ROOT / "requirements" / "app.lock").read_text(), re.M)
    return {name.lower(): version for name, version in pins if name.lower() not in BUILD_TOOLS}


def licence_of(dist: metadata.Distribution) -> str:
    expression = dist.metadata.get("License-Expression")
    if expression:
        return expression
    classifiers = [c.split(" :: ")[-1] for c in dist.metadata.get_all("Classifier") or [] if c.startswith("License")]
    return dist.metadata.get("License") or " / ".join(classifiers) or "see text"


def licence_files(dist: metadata.Distribution) -> list[Path]:
    files = [Path(str(dist.locate_file(f))) for f in dist.files or []]
    return [f for f in files if re.match(r"(LICEN[CS]E|COPYING|NOTICE)", f.name, re.I) and f.is_file()]


def copy_common(name: str, target: str) -> str:
    shutil.copyfile(COMMON_LICENSES / name, OUT / target)
    return target


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    entries = []
    for name, version in sorted(locked_runtime_packages().items()):
        dist = metadata.distribution(name)
        if dist.version != version:
            print(f"{name}: installed {dist.version}, locked {version}: run scripts/bootstrap.sh first",
                  file=sys.stderr)
            return 1
        texts = []
        for index, source in enumerate(licence_files(dist), start=1):
            target = f"{name}-{index:02d}-{source.name}" + ("" if source.suffix else ".txt")
            shutil.copyfile(source, OUT / target)
            texts.append(target)
        if not texts and name.startswith(("pyside6", "shiboken6")):
            texts = [copy_common(system, ours) for ours, system in QT_TEXTS.items()]
        if not texts:
            print(f"{name}: no licence text found", file=sys.stderr)
            return 1
        entries.append({"name": dist.metadata["Name"], "version": version, "licence": licence_of(dist),
                        "homepage": dist.metadata.get("Home-page") or _project_url(dist), "texts": texts})
    font_texts = ["wqy-microhei-COPYRIGHT.txt", "wqy-microhei-LICENSE-Apache-2.0.txt"]
    for text in font_texts:  # the font's own folder carries them too, for anyone who takes the font alone
        shutil.copyfile(ROOT / "resources" / "fonts" / text, OUT / text)
    entries.append({"name": "WenQuanYi Micro Hei (font)", "version": "0.2.0-beta",
                    "licence": "Apache-2.0 OR GPL-3.0-or-later WITH Font-exception-2.0; used under Apache-2.0",
                    "homepage": "http://wenq.org/", "texts": font_texts})
    (OUT / "third-party.json").write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}/third-party.json ({len(entries)} components)")
    return 0


def _project_url(dist: metadata.Distribution) -> str:
    urls = [u.split(",", 1)[-1].strip() for u in dist.metadata.get_all("Project-URL") or []]
    return urls[0] if urls else ""


if __name__ == "__main__":
    raise SystemExit(main())
