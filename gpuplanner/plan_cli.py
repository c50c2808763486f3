"""`gpuplanner plan`: rank catalog hardware for a scenario, with site and cost blocks."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.errors import InputError
from gpuplanner.estimate_cli import format_number, load_scenario_json, print_result
from gpuplanner.planning import plan_for_scenario


def money(value: float | None, currency: str) -> str:
    if value is None:
        return "n/a"
    symbol = {"USD": "$", "CNY": "¥"}.get(currency, "")
    return f"{symbol}{value:,.0f}"


def per_gpu_hour(value: float | None, currency: str) -> str:
    if value is None:
        return "n/a"
    return f"{ {'USD': '$', 'CNY': '¥'}.get(currency, '') }{value:,.2f}".replace(" ", "")


def percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.0f}%"


def plan_report(result: dict[str, Any]) -> str:
    currency = result["currency"]
    plans = result["plans"]
    if not plans:
        return "No plan fits: every GPU in the catalog runs out of memory or lacks a price for the deployment."
    lines = []
    if result.get("note"):
        lines += [result["note"], ""]
    header = f"{'#':<3}{'GPU':<22}{'where':<9}{'GPUs':>6}{'nodes':>6}{'racks':>6}{'days or tok/s':>15}{'cost':>16}"
    lines += [f"Plans ranked ({result['evaluated']} evaluated, {result['meeting_goals']} meet the goals)", header]
    for plan in plans:
        speed = (f"{plan['days']:.1f} d" if plan["days"] is not None
                 else f"{plan['inference']['output_tokens_per_s']:,.0f}/s")
        lines.append(f"{plan['rank']:<3}{plan['gpu']:<22}{plan['deployment']:<9}{plan['count']:>6}"
                     f"{plan['site']['nodes']:>6}{plan['site']['racks']:>6}{speed:>15}"
                     f"{money(plan['cost_metric'], currency):>16}")
    best = plans[0]
    site, cost = best["site"], best["cost"]
    lines += ["", f"#1 in detail: {best['count']} x {best['gpu_name']} ({best['deployment']})"]
    lines += ["  why: " + "; ".join(best["rank_reasons"])]
    layout = best["layout"]
    lines.append(f"  layout: TP {layout['tp']} · PP {layout['pp']} · DP {layout['dp']} · ZeRO-{layout['zero']} · "
                 f"micro-batch {layout['micro_batch']} · recompute {layout['recompute']}")
    lines.append(f"  memory per GPU: {best['memory_gib_per_gpu']['total']:.1f} of "
                 f"{best['memory_gib_per_gpu']['capacity']:g} GiB")
    lines += [
        f"  node: {site['node']} — {format_number(site['node_kw_nameplate'])} kW nameplate, "
        f"{format_number(site['node_kw_training'])} kW expected, {site['rack_units_per_node']}U",
        f"  racks: {site['racks']} x {site['nodes_per_rack']} nodes, {format_number(site['kw_per_rack'])} kW per rack "
        f"(limited by {site['rack_limited_by']}); cooling: {site['cooling_needed']}"
        + ("" if site["cooling_ok"] else " (beyond the site's cooling)"),
        f"  circuits: {format_number(site['circuits_per_feed'])} per A/B feed of "
        f"{format_number(site['circuit_kw'])} kW; heat {format_number(site['heat_btu_h_per_rack'])} BTU/h per rack",
        f"  cluster: {format_number(site['it_kw_expected'])} kW IT, {format_number(site['facility_kw_expected'])} kW "
        f"facility; fabric {site['switches']['leaf']} leaf + {site['switches']['spine']} spine "
        f"({site['switches']['note']})",
        f"  cost ({currency}): capex {money(cost['capex'], currency)}, opex/yr "
        f"{money(cost['opex_per_year'], currency)}, TCO {cost['years']:g} yr {money(cost['tco'], currency)}; "
        f"cloud on demand {per_gpu_hour(cost['cloud_on_demand_per_gpu_hour'], currency)} per GPU-hour; "
        f"break-even utilisation {percent(cost['break_even_utilization'])}",
    ]
    if best["warnings"]:
        lines += ["  warnings:"] + [f"   ! {w}" for w in best["warnings"]]
    lines += ["", "Cost vs time (Pareto front):"]
    for point in result["pareto"][:8]:
        speed = (f"{point['days']:.1f} days" if point["days"] is not None
                 else f"{point['output_tokens_per_s']:,.0f} tok/s")
        lines.append(f"  {point['count']:>5} x {point['gpu']:<20} {point['deployment']:<8} {speed:>14}  "
                     f"{money(point['cost'], currency)}")
    return "\n".join(lines)


def catalog_as_of(catalog: Catalog) -> str:
    """The newest date among the catalog's prices and specs."""
    dates = [str(row.get("as_of") or "") for table in ("gpus", "servers", "cloud_instances")
             for row in catalog.rows(table)]
    return max((d for d in dates if d), default="")


def write_spec_sheet(path: str, plan: dict[str, Any], scenario: dict[str, Any], language: str, page_size: str,
                     project: str, as_of: str) -> int:
    """Headless PDF: a GUI application on the offscreen platform when there is no display."""
    import os

    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from gpuplanner.report.spec_sheet import SheetOptions, write_pdf
    from gpuplanner.translations import install_translations

    app = QGuiApplication.instance() or QGuiApplication(["gpuplanner"])
    install_translations(language)
    pages = write_pdf(path, plan, scenario, SheetOptions(project=project, page_size=page_size), as_of)
    app.processEvents()
    return pages


def command_plan(args: argparse.Namespace) -> int:
    if args.top < 1 or args.top > 100:
        raise InputError("--top", "must be between 1 and 100")
    data = load_scenario_json(args.scenario)
    catalog = Catalog()
    result = plan_for_scenario(data, catalog, top=args.top)
    if args.pdf:
        if not result["plans"]:
            raise InputError("--pdf", "no plan fits, so there is no spec sheet to write")
        pages = write_spec_sheet(args.pdf, result["plans"][0], data, args.lang or "", args.page_size,
                                 args.project or "", catalog_as_of(catalog))
        print(f"wrote {args.pdf} ({pages} pages)", file=sys.stderr)
    print_result(result, args.format, plan_report)
    return 0


def add_plan_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("plan", help="rank catalog hardware for a scenario, with site and cost")
    parser.add_argument("scenario", metavar="SCENARIO.json")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--format", choices=["json", "text"], default="text")
    parser.add_argument("--pdf", metavar="SHEET.pdf")
    parser.add_argument("--lang", choices=["zh_CN", "en"], default=None)
    parser.add_argument("--page-size", choices=["A4", "Letter"], default="A4")
    parser.add_argument("--project", help="project name printed on the spec sheet")
    parser.set_defaults(handler=command_plan)

