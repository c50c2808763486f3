"""Everything about languages in one package, with one placeholder syntax (%1, %2 …, see placeholders):

- placeholders: `fill` for every translated string; the core's named templates numbered for translators;
- terms: the words for codes the core reports (cooling tiers, rack limits), Qt-free;
- messages: the core's messages and input errors in the current language (the app and the spec sheet);
- message_templates: the generated registry of those templates for pyside6-lupdate (`make i18n`);
- language: installing a language (ours and Qt's own catalogue) and the default number locale;
- cli: the command line's text reports, translated on demand so English needs no Qt.
The core and the catalog import none of it (an import-linter contract): they write English and named fields."""

from gpuplanner.i18n.placeholders import fill

LANGUAGES = {"en": "English", "zh_CN": "简体中文"}  # the interface languages, by code, each named in itself

__all__ = ["LANGUAGES", "fill"]
