"""The third-party components shipped with the app and their licence texts (resources/licenses/, written by
scripts/third_party_licenses.py). No Qt here: the About box and the packaging tests read the same list."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gpuplanner.paths import resource_path, resource_root


@dataclass(frozen=True)  # (below core: not a core.base.records.record)
class Component:
    name: str
    version: str
    licence: str
    homepage: str
    texts: tuple[Path, ...]


def third_party_components() -> list[Component]:
    folder = resource_path("licenses")
    entries = json.loads((folder / "third-party.json").read_text(encoding="utf-8"))
    return [Component(e["name"], e["version"], e["licence"], e["homepage"], tuple(folder / t for t in e["texts"]))
            for e in entries]


def own_licence_path() -> Path:
    return resource_root() / "LICENSE"
