"""Translating the core's messages (warnings, notes, rank reasons) for the app and the spec sheet.

The core is Qt-free, so its English templates are registered here for pyside6-lupdate with QT_TRANSLATE_NOOP;
tests/test_i18n.py checks this list against every msg("...") template in gpuplanner/core."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "CoreMessages"

TEMPLATES = (
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} has no FP8 tensor cores (FP8 needs Hopper, Ada or newer); estimated in "
                                      "{fallback} instead."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} has no BF16 tensor cores (BF16 needs Ampere or newer); estimated in "
                                      "{fallback} instead."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} publishes no {wanted} rate; estimated in {fallback} instead."),
    QT_TRANSLATE_NOOP("CoreMessages", "Does not fit: the leanest layout needs {need:.1f} GiB per GPU but {gpu} has "
                                      "{capacity:g} GiB. Add GPUs, shard more (ZeRO-3), or recompute activations."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} has no NVLink: tensor parallelism over PCIe is slow; prefer data "
                                      "parallelism with ZeRO/FSDP."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} links only {domain} GPUs by NVLink bridge; TP={tp} crosses PCIe."),
    QT_TRANSLATE_NOOP("CoreMessages", "GeForce cards: NVIDIA's driver licence does not permit data-center "
                                      "deployment, and they have no ECC memory."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu}: ECC memory not confirmed; a {days:.0f}-day run risks silent errors."),
    QT_TRANSLATE_NOOP("CoreMessages", "Misses the deadline: {days:.1f} days against {deadline:g}."),
    QT_TRANSLATE_NOOP("CoreMessages", "No published run on {architecture} in {precision} to check against: the time "
                                      "estimate is uncertain (±{band:.0f}%)."),
    QT_TRANSLATE_NOOP("CoreMessages", "Multi-node training on PCIe servers: check each node has a 100-200 Gb/s RDMA "
                                      "NIC per 2 GPUs or gradient traffic will dominate."),
    QT_TRANSLATE_NOOP("CoreMessages", "Does not fit: {need:.1f} GiB needed per GPU with TP={tp}, {capacity:g} GiB "
                                      "available ({engine} uses {fraction:.0%})."),
    QT_TRANSLATE_NOOP("CoreMessages", "No batch meets the latency limits on this GPU; add GPUs per replica (TP)."),
    QT_TRANSLATE_NOOP("CoreMessages", "The load needs {replicas} replicas of {tp} GPU(s) = {gpus} GPUs; only {count} "
                                      "given."),
    QT_TRANSLATE_NOOP("CoreMessages", "Batch {batch} exceeds the KV-cache room: at most {most} sequences of {tokens} "
                                      "tokens per replica."),
    QT_TRANSLATE_NOOP("CoreMessages", "vLLM efficiency is an assumption (no published vLLM run in the reference "
                                      "set)."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} has no FP8 tensor cores: FP8 weights are upcast, with no compute gain."),
    QT_TRANSLATE_NOOP("CoreMessages", "{gpu} has no NVLink: tensor parallelism over PCIe adds latency to every "
                                      "token."),
    QT_TRANSLATE_NOOP("CoreMessages", "Server price uses a planning default: {source}. Replace it with a quote."),
    QT_TRANSLATE_NOOP("CoreMessages", "Scale-out network (switches, optics, cables) is not priced."),
    QT_TRANSLATE_NOOP("CoreMessages", "No server or GPU price in the catalog for this GPU: capex and TCO are n/a "
                                      "(add your price)."),
    QT_TRANSLATE_NOOP("CoreMessages", "Electricity price not given: opex excludes energy."),
    QT_TRANSLATE_NOOP("CoreMessages", "{node}: nameplate power not published; racks sized by rack units only."),
    QT_TRANSLATE_NOOP("CoreMessages", "One {node} needs {need:.1f} kW nameplate but the rack allows {rack_kw:.1f} kW "
                                      "(a {amps:g} A x 220 V IDC cabinet): the node does not fit this rack. Ask for a "
                                      "higher-power cabinet or bond cabinets."),
    QT_TRANSLATE_NOOP("CoreMessages", "One {node} needs {need:.1f} kW nameplate but the rack allows {rack_kw:.1f} kW: "
                                      "the node does not fit this rack. Ask for a higher-power rack."),
    QT_TRANSLATE_NOOP("CoreMessages", "{rack_kw:.1f} kW per rack exceeds what {cooling} cooling handles "
                                      "(~{limit:g} kW): needs {needed} cooling."),
    QT_TRANSLATE_NOOP("CoreMessages", "takes {days:.1f} days (deadline {deadline:g})"),
    QT_TRANSLATE_NOOP("CoreMessages", "costs {cost:,.0f} (budget {budget:,.0f})"),
    QT_TRANSLATE_NOOP("CoreMessages", "serves {rate:,.0f} tokens/s (target {target:,.0f})"),
    QT_TRANSLATE_NOOP("CoreMessages", "lowest cost among plans that fit"),
    QT_TRANSLATE_NOOP("CoreMessages", "lowest cost among plans that fit and meet the goals"),
    QT_TRANSLATE_NOOP("CoreMessages", "fastest among plans that fit"),
    QT_TRANSLATE_NOOP("CoreMessages", "fastest among plans that fit and meet the goals"),
    QT_TRANSLATE_NOOP("CoreMessages", "lowest total cost of ownership among plans that fit"),
    QT_TRANSLATE_NOOP("CoreMessages", "lowest total cost of ownership among plans that fit and meet the goals"),
    QT_TRANSLATE_NOOP("CoreMessages", "{ratio:.2f}x the cost of #1 ({cost:,.0f} {currency})"),
    QT_TRANSLATE_NOOP("CoreMessages", "{ratio:.2f}x the speed of #1"),
    QT_TRANSLATE_NOOP("CoreMessages", "a single server: no cluster network needed"),
    QT_TRANSLATE_NOOP("CoreMessages", "{nodes} nodes on a {fabric} fabric"),
    QT_TRANSLATE_NOOP("CoreMessages", "on-prem: bought and run on your site"),
    QT_TRANSLATE_NOOP("CoreMessages", "cloud: rented from {provider}"),
    QT_TRANSLATE_NOOP("CoreMessages", "Misses the goals: {misses}"),
    QT_TRANSLATE_NOOP("CoreMessages", "{first}; {second}"),
    QT_TRANSLATE_NOOP("CoreMessages", "No plan meets every goal; showing the closest ones with what they miss."),
    QT_TRANSLATE_NOOP("CoreMessages", "{slower:.0f}% slower"),
    QT_TRANSLATE_NOOP("CoreMessages", "does not fit: needs {need:.1f} GiB per GPU"),
)


def translated(message: object) -> str:
    """The message in the current language; plain strings pass through."""
    template = getattr(message, "template", None)
    if template is None:
        return str(message)
    text = QCoreApplication.translate(CONTEXT, template)
    params = {key: translated(value) if hasattr(value, "template") else value
              for key, value in message.params.items()}  # type: ignore[attr-defined]
    try:
        return text.format(**params)
    except (KeyError, ValueError, IndexError):  # a broken translation must not hide the message
        return str(message)
