"""Every plan a result evaluated, as rows of numbers for a spreadsheet: units in the headers, not in the cells
("17.2 days", "$88,268" and "—" were the table's display text), the ranked plans and near misses with their site and
cost figures, the others with what the chart knows of them."""

from __future__ import annotations

import csv
import io

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.planning.plan_goals import rented_cost
from gpuplanner.core.results.results import Plan, PlanResult
from gpuplanner.i18n.messages import translated
from gpuplanner.report.formatting import currency_name

CONTEXT = ""  # module-level strings: pyside6-lupdate files them under the empty context


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def _header(currency: str) -> list[object]:
    return [tr("status"), tr("rank"), tr("GPU id"), tr("GPU"), tr("deployment"), tr("GPUs"), tr("days"),
            tr("output tokens/s"), fill_currency(tr("ranking cost (%1)"), currency),
            fill_currency(tr("capex (%1)"), currency), fill_currency(tr("TCO (%1)"), currency),
            fill_currency(tr("cloud cost (%1)"), currency), tr("nodes"), tr("racks"), tr("memory per GPU (GiB)"),
            tr("memory capacity (GiB)"), tr("IT power (kW)"), tr("warnings")]


def fill_currency(template: str, currency: str) -> str:
    """A money column's header with its currency named in the user's language (人民币 / 美元 in Chinese)."""
    return template.replace("%1", currency_name(currency))


def _deployment(deployment: str) -> str:
    """Bought or rented, in the user's language (the id columns keep the codes)."""
    return tr("buy") if deployment == Deployment.ON_PREM else tr("rent")


def _detailed(plan: Plan, status: str) -> list[object]:
    cost, site = plan.cost, plan.site
    cloud = rented_cost(plan)
    return [status, plan.rank or "", plan.gpu, translated(plan.gpu_name), _deployment(plan.deployment), plan.count,
            "" if plan.days is None else plan.days,
            plan.inference.output_tokens_per_s if plan.inference else "",
            "" if plan.cost_metric is None else plan.cost_metric,
            cost.capex if plan.owned and cost.capex is not None else "",
            cost.tco if plan.owned and cost.tco is not None else "",
            "" if plan.owned or cloud is None else cloud, site.nodes, site.racks if plan.owned else "",
            plan.memory.total, plan.memory.capacity,
            "" if site.it_kw_expected is None else site.it_kw_expected, len(plan.warnings)]


def plan_rows(result: PlanResult) -> list[list[object]]:
    """The header, then the ranked plans, the near misses and every other plan evaluated."""
    rows: list[list[object]] = [_header(result.currency)]
    shown = set()
    for plan in result.plans:
        rows.append(_detailed(plan, tr("ranked")))
        shown.add((plan.gpu, plan.count, plan.deployment))
    for plan in result.near_misses:
        rows.append(_detailed(plan, tr("near miss")))
        shown.add((plan.gpu, plan.count, plan.deployment))
    for point in result.points:
        if (point.gpu, point.count, point.deployment) in shown:
            continue
        rows.append([tr("meets the goals") if point.meets else tr("misses a limit or goal"), "", point.gpu,
                     translated(point.gpu_name), _deployment(point.deployment), point.count,
                     "" if point.days is None else point.days, "", "" if point.cost is None else point.cost,
                     "", "", "", "", "", "", "", "", ""])
    return rows


# A spreadsheet reads a cell that starts with one of these as a formula (=HYPERLINK(…), +cmd|…, @SUM(…), -2+3) or,
# after a tab or carriage return, still as one: OWASP, "CSV Injection".
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_data(text: str) -> str:
    """Text a spreadsheet shows as written, never runs: a leading apostrophe where it would start a formula
    (OWASP "CSV Injection"). Only for text; a number stays a number."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def spreadsheet_csv(rows: list[list[object]]) -> str:
    """Rows as CSV a spreadsheet reads as data: numbers as numbers (a negative one stays -2), every text cell quoted
    (embedded quotes doubled) and kept from being read as a formula (as_data): catalog names are the user's own
    text, and a spreadsheet would run "=HYPERLINK(…)" or "-2+3" typed there."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerows([as_data(cell) if isinstance(cell, str) else cell for cell in row] for row in rows)
    return out.getvalue()


def plans_csv(result: PlanResult) -> str:
    return spreadsheet_csv(plan_rows(result))
