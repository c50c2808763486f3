"""How a plan's deployment reads where plans are listed (the app's table and details, the CLI's table): one mark for
the app and the CLI, each translating it in its context. A plan bought in a generic chassis says so beside
"buy": its GPUs are real, its server is not, and it ranks after the plans on a real server."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.core.results.results import Plan
from gpuplanner.i18n.placeholders import fill
from gpuplanner.i18n.terms import QT_TRANSLATE_NOOP

CONTEXT = "PlanMarks"
ON_GENERIC_CHASSIS = QT_TRANSLATE_NOOP("PlanMarks", "%1, generic chassis")


def deployment_marked(plan: Plan, word: str, translate: Callable[[str, str], str]) -> str:
    """`word` ("buy", "Buy" as the caller words it), marked where the plan is bought in a generic chassis."""
    return fill(translate(CONTEXT, ON_GENERIC_CHASSIS), word) if plan.on_generic_chassis else word
