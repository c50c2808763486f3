"""User-facing messages of the core: English text that also carries its template and parameters, so the app
and the spec sheet can show it translated (the core itself never imports Qt)."""

from __future__ import annotations

from typing import Any


class Message(str):
    """A str (JSON and the CLI see plain English) with `.template` and `.params` for translation."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Message:
        # A template without values is literal text (it may hold braces, e.g. a JSON example).
        text = super().__new__(cls, template.format(**params) if params else template)
        text.template = template
        text.params = params
        return text


class Bilingual(str):
    """Catalog text written in English and other languages (`translations`, keyed "zh_CN"): a str that reads as the
    English, which a message shows in the reader's language."""

    translations: dict[str, str]

    def __new__(cls, text: str, translations: dict[str, str]) -> Bilingual:
        value = super().__new__(cls, text)
        value.translations = {code: words for code, words in translations.items() if words}
        return value

    def __getnewargs__(self) -> tuple[str, dict[str, str]]:  # type: ignore[override]
        """Both parts, so a copy sent to a worker process keeps its translations."""
        return str(self), self.translations


def msg(template: str, **params: Any) -> Message:
    """A message from a literal English template with {named} fields (format specs allowed)."""
    return Message(template, **params)


class Listing(str):
    """Items of one field, "a; b" in English; a translation joins `.items` with its own separator ("a；b")."""

    items: tuple[str, ...]

    def __new__(cls, items: tuple[str, ...] | list[str]) -> Listing:
        text = super().__new__(cls, "; ".join(items))
        text.items = tuple(items)
        return text
