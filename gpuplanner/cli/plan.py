"""`gpuplanner plan`: rank catalog hardware for a scenario, with site and cost blocks."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gpuplanner.cli.calibration import active_calibration
from gpuplanner.cli.catalog import open_catalog
from gpuplanner.cli.estimate import format_number, precision_words, print_result, rl_lines, storage_lines
from gpuplanner.cli.output import EXIT_OUTPUT_UNWRITABLE, add_format_option, report_line, table
from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.cost.cost import currency_symbol, price_date_words
from gpuplanner.core.planning.plan_goals import rented_cost
from gpuplanner.core.planning.plan_settings import REGION_WORDS
from gpuplanner.core.results.results import Plan, PlanResult
from gpuplanner.core.site.availability import offer_region
from gpuplanner.core.site.site import desk_circuit
from gpuplanner.i18n import LANGUAGES, fill
from gpuplanner.i18n.calibration import calibration_text
from gpuplanner.i18n.cli import term_word, tr, translate_in, translated_message, use_language
from gpuplanner.i18n.durations import duration_text
from gpuplanner.i18n.layout_words import layout_text
from gpuplanner.i18n.plan_marks import deployment_marked
from gpuplanner.i18n.write_errors import failure_reason
from gpuplanner.safe_write import write_target
from gpuplanner.scenario_file import load_scenario_json
from gpuplanner.service import plan_for_scenario


def listed(texts: Iterable[str]) -> str:
    """Items of one line ("a; b" in English, "a；b" in Chinese)."""
    return tr("; ").join(texts)

def money(value: float | None, currency: str, decimals: int = 0) -> str:
    return tr("n/a") if value is None else f"{currency_symbol(currency)}{value:,.{decimals}f}"


def percent(value: float | None) -> str:
    return tr("n/a") if value is None else f"{value * 100:.0f}%"


def deployment_label(deployment: str) -> str:
    return tr("buy") if deployment == Deployment.ON_PREM else tr("rent")


def plan_where(plan: Plan) -> str:
    """Bought or rented, as the plan lists say it: marked where the server is a generic chassis."""
    return deployment_marked(plan, deployment_label(plan.deployment), translate_in)


def near_miss_lines(result: PlanResult) -> list[str]:
    """The plans that break a limit or miss a goal: listed apart, never ranked, each with what it misses."""
    near = result.near_misses
    if not near:
        return []
    lines = [tr("Near misses (not answers: each breaks a limit or misses a goal you set):")]
    for plan in near:
        misses = listed(translated_message(m) for m in plan.misses)
        what = f"{plan.count} x {translated_message(plan.gpu_name)} ({plan_where(plan)})"
        lines.append("  - " + fill(tr("%1: %2"), what, misses))
    return lines


def next_step_lines(result: PlanResult) -> list[str]:
    """When nothing can be bought: what would work, in order, each with the change or command that does it."""
    if not result.next_steps:
        return []
    how = {"rent": tr('set "constraints": {"deployment": "cloud"}'),
           "gpu": tr('set "hardware": {"gpu": "%1"}'),
           "quote": tr("gpuplanner import-quote QUOTE.csv (item,unit_price,currency,date,note)")}
    lines = ["", tr("What would work instead:")]
    for number, step in enumerate(result.next_steps, 1):
        lines += [f"  {number}. {translated_message(step.message)}",
                  "     " + fill(tr("-> %1"), how[step.action].replace("%1", step.gpu or ""))]
    return lines


def rejected_lines(result: PlanResult) -> list[str]:
    """When no plan fits at all: each GPU considered and why it has no plan (the note gives a single GPU's)."""
    if len(result.rejected) < 2:
        return []
    return ["", tr("Why each GPU has no plan:"),
            *(f"  - {translated_message(r.gpu_name)}: {translated_message(r.reason)}" for r in result.rejected)]


def owned_lines(best: Plan, currency: str) -> list[str]:
    """What bought hardware asks of the site, and what it costs."""
    site, cost = best.site, best.cost
    if site.deskside:  # one workstation at a desk: its wall circuit, no racks or A/B feeds
        wall = desk_circuit(site)
        where = ["  " + fill(tr("at the desk: a %1 V %2 A wall circuit (%3 A continuous); the workstation draws %4 A; "
                                "heat %5 BTU/h into the room"), format_number(wall.volts),
                             format_number(wall.breaker_amps), format_number(wall.usable_amps),
                             format_number(wall.node_amps), format_number(site.heat_btu_h_per_rack))]
    else:
        where = [
            "  " + fill(tr("racks: %1 x %2 nodes, %3 kW per rack (limited by %4); cooling: %5"), site.racks,
                        site.nodes_per_rack, format_number(site.kw_per_rack), term_word(site.rack_limited_by),
                        term_word(site.cooling_needed))
            + ("" if site.cooling_ok else " " + tr("(beyond the site's cooling)")),
            "  " + fill(tr("circuits: %1 per A/B feed of %2 kW; heat %3 BTU/h per rack"),
                        format_number(site.circuits_per_feed), format_number(site.circuit_kw),
                        format_number(site.heat_btu_h_per_rack))]
    return [
        "  " + fill(tr("node: %1 — %2 kW nameplate, %3 kW expected, %4U"), translated_message(site.node),
                    format_number(site.node_kw_nameplate), format_number(site.node_kw_training),
                    site.rack_units_per_node),
        *where,
        "  " + fill(tr("cluster: %1 kW IT expected (%2 kW at nameplate), %3 kW facility; cooling load %4 RT at "
                       "nameplate, %5 RT expected; fabric %6 leaf + %7 spine (%8)"),
                    format_number(site.it_kw_expected), format_number(site.it_kw_nameplate),
                    format_number(site.facility_kw_expected), format_number(site.refrigeration_tons_nameplate),
                    format_number(site.refrigeration_tons), site.switches.leaf, site.switches.spine,
                    term_word(site.switches.note)),
        "  " + fill(tr("cost (%1): capex %2, opex/yr %3, TCO %4 yr %5; cloud on demand %6 per GPU-hour; break-even "
                       "utilisation %7"), currency, money(cost.capex, currency),
                    money(cost.opex_per_year, currency), f"{cost.years:g}", money(cost.tco, currency),
                    money(cost.cloud_on_demand_per_gpu_hour, currency, 2),
                    percent(cost.break_even_utilization)),
        "  " + fill(tr("purchase price: %1"), price_basis_words(best)),
        "  " + fill(tr("server figures: %1"), term_word(site.node_confidence) if site.node_confidence else tr("n/a")),
    ]


def price_basis_words(plan: Plan) -> str:
    """How far the plan's price can be trusted and when it held, as the app says it (report.formatting)."""
    confidence, date = plan.price_basis
    return fill(tr("%1, %2"), term_word(confidence) if confidence else tr("n/a"),
                translated_message(price_date_words(date)))




def _digits(value: float, decimals: int) -> str:
    return f"{value:,.{decimals}f}"

def _tier(value: float | None, estimated: bool, currency: str) -> str:
    text = money(value, currency, 2)
    return fill(tr("%1 (estimate)"), text) if value is not None and estimated else text

def rental_lines(best: Plan, currency: str) -> list[str]:
    """A rented plan: who rents it and for how much; nothing to install on site."""
    cost = best.cost
    offer = cost.cloud_offer
    tiers = (currency, money(cost.cloud_on_demand_per_gpu_hour, currency, 2),
             _tier(cost.cloud_reserved_per_gpu_hour, cost.cloud_reserved_estimated, currency),
             _tier(cost.cloud_spot_per_gpu_hour, cost.cloud_spot_estimated, currency))
    if best.training:
        price = fill(tr("cost (%1): on demand %2 per GPU-hour (reserved %3, spot %4); this job on demand %5"), *tiers,
                     money(rented_cost(best), currency))
    else:  # a service is paid for every hour it runs, over the years of the cost horizon
        price = fill(tr("cost (%1): on demand %2 per GPU-hour (reserved %3, spot %4); %5 a million output tokens; "
                        "%6 over %7 years of service"), *tiers, money(cost.per_million_tokens_cloud, currency, 2),
                     money(rented_cost(best), currency), f"{cost.years:g}")
    return [
        "  " + fill(tr("rented: %1 x %2 from %3; region: %4; price date: %5"), offer.instances if offer else 0,
                    offer.instance if offer else "", offer.provider if offer else "",
                    translated_message(offer_region(offer.region)) if offer else "",
                    translated_message(price_date_words(offer.price_date if offer else ""))),
        "  " + price,
        "  " + fill(tr("rental price: %1"), price_basis_words(best)),
        "  " + tr("site: none needed (racks, power and cooling are the provider's)"),
    ]


def availability_lines(plan: Plan) -> list[str]:
    """Under a regional filter, why an owned plan's GPU can be bought there (rule or source, and its date)."""
    where = plan.availability
    if where.region == "global" or plan.deployment != Deployment.ON_PREM:
        return []
    return ["  " + fill(tr("bought in %1: %2 (%3; %4)"), translated_message(REGION_WORDS[where.region]),
                        translated_message(where.reason), fill(tr("the source's words: “%1”"), where.source.strip()),
                        where.as_of)]


def plan_report(result: PlanResult) -> str:
    currency = result.currency
    plans = result.plans
    near = near_miss_lines(result)
    if not plans:
        if not near:
            return "\n".join([translated_message(result.note), *rejected_lines(result)])
        return "\n".join([translated_message(result.note), "", *near, *next_step_lines(result)])
    lines = []
    if result.note:
        lines += [translated_message(result.note), ""]
    gpu, where, gpus, nodes, racks = tr("GPU"), tr("where"), tr("GPUs"), tr("nodes"), tr("racks")
    speed_label, cost_label = tr("time or tok/s"), tr("cost")
    rows = [["#", gpu, where, gpus, nodes, racks, speed_label, cost_label]]
    for plan in plans:
        speed = (duration_text(plan.days or 0.0, translate_in, _digits) if plan.inference is None
                 else f"{plan.inference.output_tokens_per_s:,.0f}/s")
        rows.append([str(plan.rank), plan.gpu, plan_where(plan), str(plan.count),
                     str(plan.site.nodes), str(plan.site.racks), speed, money(plan.cost_metric, currency)])
    lines += [fill(tr("Plans ranked (%1 evaluated, %2 meet the goals)"), result.evaluated, result.meeting_goals),
              *table(rows, [3, 22, 9, 6, 6, 6, 15, 16], right=frozenset({3, 4, 5, 6, 7}))]
    best = plans[0]
    lines += [
        "",
        fill(tr("#1 in detail: %1 x %2 (%3)"), best.count, translated_message(best.gpu_name), plan_where(best)),
        "  " + fill(tr("why: %1"), listed(translated_message(r) for r in best.rank_reasons)),
        "  " + fill(tr("layout: %1"), layout_text(best.estimate, translate_in)),
        "  " + fill(tr("memory per GPU: %1 of %2 GiB"), f"{best.memory.total:.1f}",
                    f"{best.memory.capacity:g}"),
        "  " + fill(tr("precision: %1"), precision_words(best.estimate)),
        *(["  " + calibrated] if (calibrated := calibration_text(best.estimate.calibration, translate_in)) else []),
    ]
    lines += owned_lines(best, currency) if best.deployment == Deployment.ON_PREM else rental_lines(best, currency)
    lines += availability_lines(best)
    rl = rl_lines(best.estimate.rl, "   ")[1:]  # (no blank line inside the plan's detail)
    lines += ["  " + rl[0], *rl[1:]] if rl else []
    lines += storage_lines(best.estimate.storage, "   ")
    if best.warnings:
        lines += ["  " + tr("warnings:")] + [f"   ! {translated_message(w)}" for w in best.warnings]
    front = []
    for point in result.pareto[:8]:
        speed = (duration_text(point.days, translate_in, _digits)
                 if point.days is not None
                 else f"{point.output_tokens_per_s:,.0f} tok/s")
        front.append(["", str(point.count), " x", point.gpu, deployment_label(point.deployment), speed, "",
                      money(point.cost, currency)])
    if front:  # plans without a price have no place on it
        lines += ["", tr("Cost vs time (Pareto front):"), *table(front, [2, 5, 3, 21, 9, 14, 2, 0],
                                                               right=frozenset({1, 5}))]
    if near:
        lines += ["", *near]
    unestimated = [r for r in result.rejected if r.kind == "figure"]
    if unestimated:  # GPUs a user could expect (the Ascend 910B in China) are named, never dropped silently
        lines += ["", tr("Not planned for lack of a figure:"),
                  *(f"  - {translated_message(r.gpu_name)}: {translated_message(r.reason)}" for r in unestimated)]
    return "\n".join(lines)


_GUI_APP: list[object] = []


def gui_application() -> Any:
    """The QGuiApplication printing needs, on the offscreen platform when there is no display. Created before any
    plain QCoreApplication, which could not draw fonts."""
    from gpuplanner.display import use_offscreen_without_display

    use_offscreen_without_display()
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication(["gpuplanner"])
        _GUI_APP.append(app)
    return app


def check_output_path(path: str, scenario_path: str) -> None:
    """Refuse, before any work, a PDF destination that cannot be a new or replaced regular file."""
    if not path.strip():
        raise InputError("--pdf", "needs a file name")
    if "\0" in path:
        raise InputError("--pdf", "the file name contains a NUL character")
    target = write_target(path)  # a link: the file it points to is the one written, in its own folder
    if target.is_dir():
        raise InputError("--pdf", "{path} is a folder; give a file name", path=path)
    if target.exists() and not target.is_file():
        raise InputError("--pdf", "{path} is not a regular file (a pipe or device)", path=path)
    folder = target.parent
    if not folder.is_dir():
        raise InputError("--pdf", "the folder {folder} does not exist", folder=str(folder))
    if not os.access(folder, os.W_OK):
        raise InputError("--pdf", "cannot write in {folder}", folder=str(folder))
    scenario = Path(scenario_path)
    if target.exists() and scenario.exists() and target.samefile(scenario):
        raise InputError("--pdf", "{path} is the scenario file itself; give another name", path=path)


def write_spec_sheet(path: str, result: PlanResult, language: str, page_size: str,
                     project: str, as_of: str) -> int:
    """Headless PDF (the GUI application must exist first: see gui_application)."""
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.report.spec_sheet import SheetOptions, write_pdf

    app = gui_application()
    install_translations(language)
    pages = write_pdf(path, result.plans[0], SheetOptions(project=project, page_size=page_size), as_of, result)
    app.processEvents()
    return pages


def command_plan(args: argparse.Namespace) -> int:
    if args.pdf is not None:
        gui_application()
    use_language(args.lang)
    if args.top < 1 or args.top > 100:
        raise InputError("--top", "must be between 1 and 100")
    if args.pdf is not None:
        check_output_path(args.pdf, args.scenario)
    data = load_scenario_json(args.scenario)
    catalog = open_catalog()
    result = plan_for_scenario(data, catalog, top=args.top, calibration=active_calibration())
    if args.pdf is not None:
        if not result.plans:
            raise InputError("--pdf", "no plan fits, so there is no spec sheet to write")
        try:
            pages = write_spec_sheet(args.pdf, result, args.lang or "", args.page_size,
                                     args.project or "", catalog.as_of())
        except OSError as exc:  # a full disk, a quota, a failing device: the old file is left as it was
            report_line("gpuplanner: error: --pdf: " + fill(
                tr("%1 could not be written (%2); a file already there is unchanged"), args.pdf,
                failure_reason(exc, tr)))
            return EXIT_OUTPUT_UNWRITABLE
        print(fill(tr("wrote %1 (%2 pages)"), args.pdf, pages), file=sys.stderr)
    print_result(result, args.format, plan_report)
    return 0


def add_plan_command(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("plan", help=tr("rank catalog hardware for a scenario, with site and cost"))
    parser.add_argument("scenario", metavar="SCENARIO.json", help=tr("the scenario (README: Scenario file)"))
    parser.add_argument("--top", type=int, default=5, help=tr("how many plans to show (default %(default)s)"))
    add_format_option(parser, "plan")
    parser.add_argument("--pdf", metavar="SHEET.pdf", help=tr("also write the rack and power spec sheet as a PDF"))
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None,
                        help=tr("language of the text report and the spec sheet"))
    parser.add_argument("--page-size", choices=["A4", "Letter"], default="A4",
                        help=tr("the spec sheet's paper (default %(default)s)"))
    parser.add_argument("--project", help=tr("project name printed on the spec sheet"))
    parser.set_defaults(handler=command_plan)

