"""Words of Qt's own dialogs that Qt's shipped Chinese catalogue (qtbase_zh_CN.qm) leaves in English, registered
here so our catalogue carries them: Qt asks every installed translator, so these fill its gaps and nothing else."""

from __future__ import annotations

from gpuplanner.i18n.terms import QT_TRANSLATE_NOOP

QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
