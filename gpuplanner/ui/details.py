"""HTML for a plan's details and for side-by-side comparison. Every user-typed string is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QCoreApplication, QLocale

from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.cost.cost import price_date_words
from gpuplanner.core.results.results import Plan, PlanResult, RlFigures, StackReport
from gpuplanner.core.site.availability import offer_region
from gpuplanner.core.site.storage import StorageBlock, storage_derivation
from gpuplanner.core.training.goodput import Goodput
from gpuplanner.i18n import fill
from gpuplanner.i18n.bands import band_text
from gpuplanner.i18n.calibration import calibration_text
from gpuplanner.i18n.catalog_words import source_words
from gpuplanner.i18n.durations import duration_text
from gpuplanner.i18n.layout_words import images_trained
from gpuplanner.i18n.messages import step_part, term, translated
from gpuplanner.i18n.plan_marks import deployment_marked
from gpuplanner.i18n.terms import TERMS
from gpuplanner.report.formatting import (
    confidence_text,
    count_words,
    currency_name,
    expected_count,
    knob_words,
    plan_layout,
    precision_text,
    price_basis_text,
    purchase_price_source,
    stack_profile_text,
    training_layout,
)
from gpuplanner.report.formatting import money as _money
from gpuplanner.report.formatting import number as _num
from gpuplanner.report.sheet_html import wall_circuit_rows


def tr(text: str) -> str:
    return QCoreApplication.translate("", text)  # module-level: lupdate files these under the empty context


def _table(rows: list[tuple[str, str]], numbers: bool = True) -> str:
    """Label / value rows; values right-aligned where they are figures, left-aligned where they are sentences."""
    align = "right" if numbers else "left"
    cells = "".join(f"<tr><td>{escape(label)}</td><td align='{align}'><b>{escape(value)}</b></td></tr>"
                    for label, value in rows)
    return f"<table cellspacing='0' cellpadding='2'>{cells}</table>"


def _labels() -> dict[str, str]:
    """Labels used inside f-strings (pyside6-lupdate does not look inside f-strings)."""
    return {
        "Assumptions": tr("Assumptions"),
        "Cost": tr("Cost"),
        "Layout": tr("Layout"),
        "Memory per GPU (GiB)": tr("Memory per GPU (GiB)"),
        "Model": tr("Model"),
        "Precision": tr("precision"),
        "Serving": tr("Serving"),
        "Site": tr("Site"),
        "Time": tr("Time"),
        "Warnings": tr("Warnings"),
        "buy": tr("buy"),
        "rent": tr("rent"),
    }


def plan_html(plan: Plan, currency: str) -> str:
    L = _labels()  # noqa: N806
    memory = plan.memory
    parts = [f"<h3>#{plan.rank or ''} {escape(str(plan.count))} × {escape(translated(plan.gpu_name))} "
             f"({escape(deployment_marked(plan, L['buy'] if plan.owned else L['rent'], QCoreApplication.translate))})"
             "</h3>"]
    if plan.rank_reasons:
        parts.append("<p>" + escape(tr("; ").join(translated(r) for r in plan.rank_reasons)) + "</p>")
    parts.append("<p>" + escape(" · ".join((fill(tr("%1: %2"), L["Model"], plan.model.name),
                                            fill(tr("%1: %2"), L["Layout"], plan_layout(plan)),
                                            f"{L['Precision']} {precision_text(plan)}"))) + "</p>")
    calibrated = calibration_text(plan.estimate.calibration, QCoreApplication.translate)
    if calibrated:
        parts.append("<p>" + escape(fill(tr("%1: %2"), tr("Calibration"), calibrated)) + "</p>")
    parts.append(f"<h4>{escape(L['Memory per GPU (GiB)'])}</h4>")
    labels = {"weights": tr("Weights"), "gradients": tr("Gradients"), "optimizer": tr("Optimizer states"),
              "activations": tr("Activations"), "kv_cache": tr("KV cache"),
              "overhead": tr("Overhead (CUDA, NCCL, fragmentation)"), "total": tr("Total"),
              "capacity": tr("Capacity")}
    shown = memory.parts_of(plan.inference is not None, plan.estimate.rl is not None)
    parts.append(_table([(labels[key], _num(value)) for key, value in shown]
                        + [(labels["total"], _num(memory.total)), (labels["capacity"], _num(memory.capacity))]))
    training, serving = plan.training, plan.inference
    if training:
        parts.append(f"<h4>{escape(L['Time'])}</h4>")
        parts.append("<p>" + escape(fill(tr("%1: %2"), tr("Uncertainty"), _band(
            training.uncertainty_pct, training.uncertainty_coverage, training.uncertainty_basis))) + "</p>")
        rows = [(tr("Step time (s)"), _num(training.step_time_s, 2)),
                (tr("Images/s"), _num(training.images_per_s, 0)) if training.images_per_s and not
                training.tokens_per_s else (tr("Tokens/s per GPU"), _num(training.tokens_per_s_per_gpu, 0)),
                (tr("MFU"), _num(training.mfu * 100, 1) + " %"), (tr("Training time"), _duration(training.days)),
                (tr("GPU-hours"), _num(training.gpu_hours, 0))]
        if training.images is not None and training.epochs:
            rows.insert(2, (tr("Images trained"), fill(tr("%1 (%2 epochs of %3)"), count_words(training.images),
                                                       _num(training.epochs, 2 if training.epochs % 1 else 0),
                                                       count_words(training.images / training.epochs))))
        if training.goodput is not None:
            rows += _goodput_rows(training.compute_days, training.goodput)
        rows += [(step_part(k), _num(v, 3) + " s") for k, v in training.step_breakdown_s.items() if v > 0]
        parts.append(_table(rows))
    if plan.estimate.rl is not None:
        parts += rl_parts(plan.estimate.rl)
    if plan.estimate.stack is not None:
        parts += _stack_parts(plan.estimate.stack)
    if plan.estimate.storage is not None:
        parts += storage_parts(plan.estimate.storage)
    if training and plan.estimate.alternatives:
        # Why the search chose this layout: the best of the other families, and what each costs or needs.
        parts.append(f"<h4>{escape(tr('Other layouts'))}</h4>")
        images = images_trained(plan.estimate)
        parts.append(_table([(training_layout(other.layout, images), translated(other.reason))
                             for other in plan.estimate.alternatives], numbers=False))
    if serving:
        parts.append(f"<h4>{escape(L['Serving'])}</h4>")
        parts.append("<p>" + escape(fill(tr("%1: %2"), tr("Uncertainty"), _band(
            serving.uncertainty_pct, serving.uncertainty_coverage, serving.uncertainty_basis))) + "</p>")
        load = [] if not serving.concurrent_users else [
            (tr("Concurrent users"), str(serving.concurrent_users)),
            (tr("Users per replica (batch)"), str(serving.batch_per_replica))]
        parts.append(_table([*load, (tr("Time to first token (ms)"), _num(serving.ttft_s * 1000, 0)),
                             (tr("Time per output token (ms)"), _num(serving.tpot_s * 1000, 1)),
                             (tr("Output tokens/s per user"), _num(serving.output_tokens_per_s_per_user, 1)),
                             (tr("Output tokens/s in total"), _num(serving.output_tokens_per_s, 0)),
                             (tr("Largest batch per replica"), str(serving.max_batch)),
                             (tr("KV-cache admission"), term(serving.kv_admission)),
                             (tr("Replicas x GPUs"), f"{serving.replicas} × {serving.gpus_per_replica}")]))
    where = plan.availability
    if where.region != "global" and plan.owned:
        heading, dated = tr("Availability"), where.as_of or tr("undated")
        parts.append(f"<h4>{escape(heading)}</h4><p>{escape(translated(where.reason))}<br/>"
                     f"<small>{escape(source_words(where.source))} ({escape(dated)})</small></p>")
    if plan.deployment == Deployment.CLOUD:
        parts += _rental_parts(plan)
    else:
        parts += _site_parts(plan)
    parts += _cost_parts(plan, currency)
    return "".join(parts)


def rl_parts(rl: RlFigures) -> list[str]:
    """An RL step: the algorithm and where its rollouts run, each part's seconds, the two sides, memory by phase."""
    where = fill(tr("%1, %2, rollouts by %3"), rl.algorithm.upper(), term(rl.placement), rl.engine) if rl.engine \
        else fill(tr("%1, offline (no rollout)"), rl.algorithm.upper())
    if rl.asynchronous:
        where += tr("; ") + tr("one-step-off asynchronous")
    rows = [(tr("Step time (s)"), _num(rl.step_time_s, 2)),
            *((step_part(name.removesuffix("_s")), _num(seconds, 2) + " s") for name, seconds in rl.parts.items()),
            (tr("Generation share of the step"), _num(rl.generation_share * 100, 1) + " %"),
            (tr("Generated tokens/s"), _num(rl.tokens_per_s, 0)),
            (tr("Trained tokens/s"), _num(rl.trained_tokens_per_s, 0)),
            (tr("Sequences per step"), _num(rl.sequences_per_step, 0)),
            (tr("Steps in the run"), _num(rl.steps, 0))]
    if rl.engine:
        rows += [(tr("Rollout GPUs / training GPUs"), f"{rl.rollout_gpus} / {rl.training_gpus}"),
                 (tr("Rollout replicas x TP"), f"{rl.rollout_replicas} × {rl.rollout_tp}"),
                 (tr("Sequences at once per replica"), _num(rl.rollout_concurrency, 0))]
    if rl.rollout_idle_share is not None and rl.training_idle_share is not None:
        rows += [(tr("Rollout GPUs idle"), _num(rl.rollout_idle_share * 100, 0) + " %"),
                 (tr("Training GPUs idle"), _num(rl.training_idle_share * 100, 0) + " %")]
    memory = rl.memory_gib_per_gpu
    rows += [(fill(tr("Memory, %1 (GiB)"), label), _num(value)) for label, value in (
        (tr("peak"), memory.peak), (tr("rollout"), memory.rollout), (tr("training"), memory.training),
        (tr("critic"), memory.critic)) if value is not None]
    if rl.offload:
        rows.append((tr("Training states"), tr("offloaded while the engine generates")))
    return [f"<h4>{escape(tr('RL step'))}</h4>", "<p>" + escape(where) + "<br/>" + escape(fill(
        tr("%1: %2"), tr("Uncertainty"), _band(rl.uncertainty_pct, rl.uncertainty_coverage, rl.uncertainty_basis)))
            + "</p>", _table(rows)]


def _stack_parts(stack: StackReport) -> list[str]:
    """The software stack assumed, and where each setting came from: the profile, the user, the search."""
    labels = {**assumption_labels(), **knob_words()}

    def words(keys: tuple[str, ...]) -> str:
        return tr("; ").join(labels.get(key.removeprefix("assumptions."), key) for key in keys) or tr("nothing")

    fixed = tr("; ").join(fill(tr("%1: %2"), labels.get(key, key), _assumption_value(value))
                      for key, value in stack.from_profile.items()) or tr("nothing")
    rows = [(tr("Profile"), stack_profile_text(stack.name)), (tr("Fixed by the profile"), fixed),
            (tr("Set in your scenario"), words(stack.set_by_you)), (tr("Searched"), words(stack.searched))]
    return [f"<h4>{escape(tr('Software stack'))}</h4>", _table(rows),
            f"<p><small>{escape(translated(stack.source))}</small></p>"]


def storage_parts(storage: StorageBlock) -> list[str]:
    """What the run asks of storage and of each node's host: the figures to order, then the arithmetic behind them
    and what limits the rates."""
    rows = [(tr("Dataset (TB)"), _num(storage.dataset_tb, 2)),
            (tr("Shared store: capacity (TB)"), _num(storage.shared_tb, 2)),
            (tr("Shared store: checkpoint write needed (GB/s)"), _num(storage.write_gbs_needed, 2)),
            (tr("Data read (GB/s)"), _num(storage.read_gbs, 3)),
            (tr("Local NVMe per node (TB)"), _num(storage.local_tb_per_node, 2)),
            (tr("CPU cores per node"), str(storage.cores_per_node)),
            (tr("System memory per node (GB)"), _num(storage.system_memory_gb_per_node, 0))]
    notes = "<br/>".join(escape(translated(line)) for line in (*storage_derivation(storage), *storage.limits))
    return [f"<h4>{escape(tr('Storage and host'))}</h4>", _table(rows), f"<p><small>{notes}</small></p>"]


def _duration(days: float) -> str:
    locale = QLocale()
    return duration_text(days, QCoreApplication.translate,
                         lambda value, decimals: locale.toString(value, "f", decimals))


def _band(pct: float, coverage: float, basis: str) -> str:
    locale = QLocale()
    return band_text(pct, coverage, basis, QCoreApplication.translate,
                     lambda value, decimals: locale.toString(value, "f", decimals))


def _goodput_rows(compute_days: float, goodput: Goodput) -> list[tuple[str, str]]:
    """What interruptions and checkpoints add to the steps: the days above are wall-clock days."""
    return [(tr("Steps alone"), _duration(compute_days)),
            (tr("Goodput (time left after interruptions and checkpoints)"), _num(goodput.useful_share * 100, 1)
             + " %"),
            (tr("Interruptions expected"), expected_count(goodput.expected_interruptions)),
            (tr("Checkpoint every (min), writing for (s)"),
             f"{_num(goodput.checkpoint_interval_min, 0)} / {_num(goodput.checkpoint_write_s, 1)}")]


def _rental_parts(plan: Plan) -> list[str]:
    """A rented plan: who rents it, where and at what date's prices; the site needs nothing."""
    offer = plan.cost.cloud_offer
    heading = tr("Rental")
    rows = [(tr("Provider"), offer.provider if offer else ""),
            (tr("Instances"), f"{offer.instances} × {offer.instance}" if offer else tr("n/a")),
            (tr("Region"), translated(offer_region(offer.region)) if offer else tr("n/a")),
            (tr("Prices of"), translated(price_date_words(offer.price_date if offer else ""))),
            (tr("Site"), tr("none needed (racks, power and cooling are the provider's)"))]
    return [f"<h4>{escape(heading)}</h4>", _table(rows)]


def _site_parts(plan: Plan) -> list[str]:
    L = _labels()  # noqa: N806
    site = plan.site
    parts = [f"<h4>{escape(L['Site'])}</h4>"]
    node = [(tr("Server"), translated(site.node)),
            (tr("Server figures: confidence"), confidence_text(site.node_confidence)),
            (tr("Nameplate per node (kW)"), _num(site.node_kw_nameplate)),
            (tr("Expected per node (kW)"), _num(site.node_kw_training))]
    if site.deskside:  # one workstation at a desk: its wall circuit, as the sheet and the report say; no racks
        parts.append(_table([*node, *wall_circuit_rows(site),
                             (tr("Heat into the room"), tr("n/a") if site.heat_btu_h_per_rack is None
                              else _num(site.heat_btu_h_per_rack, 0) + " BTU/h")], numbers=False))
        return parts
    parts.append(_table([
        *node,
        (tr("Nodes per rack"), str(site.nodes_per_rack)), (tr("Racks"), str(site.racks)),
        (tr("kW per rack"), _num(site.kw_per_rack)), (tr("Cooling needed"), term(site.cooling_needed)),
        (tr("Circuits per A/B feed"), str(site.circuits_per_feed or tr("n/a"))),
        (tr("Facility power (kW)"), _num(site.facility_kw_expected)),
        (tr("Heat per rack (BTU/h)"), _num(site.heat_btu_h_per_rack, 0)),
        (tr("Switches (leaf + spine)"), f"{site.switches.leaf} + {site.switches.spine}"),
    ]))
    return parts


def _cost_parts(plan: Plan, currency: str) -> list[str]:
    L = _labels()  # noqa: N806
    cost = plan.cost
    heading = fill(tr("%1 (%2)"), L["Cost"], currency_name(currency))
    parts = [f"<h4>{escape(heading)}</h4>"]
    parts.append(_table([
        *_job_cost_rows(plan, currency),
        (tr("Capex") if plan.owned else tr("Capex if bought instead"),
         _money(cost.capex, currency)),
        (tr("Purchase price: confidence, date") if plan.owned else tr("Rental price: confidence, date"),
         price_basis_text(plan)),
        *([(tr("Purchase price source"), cited)] if (cited := purchase_price_source(plan)) else []),
        (tr("Opex per year"), _money(cost.opex_per_year, currency)),
        (tr("TCO"), _money(cost.tco, currency)),
        (tr("Cloud on demand per GPU-hour"), _money(cost.cloud_on_demand_per_gpu_hour, currency, 2)),
        (tr("Break-even utilisation"), tr("n/a") if cost.break_even_utilization is None
         else _num(cost.break_even_utilization * 100, 0) + " %"),
    ]))
    if plan.warnings:
        parts.append(f"<h4>{escape(L['Warnings'])}</h4><ul>"
                     + "".join(f"<li>{escape(translated(w))}</li>" for w in plan.warnings) + "</ul>")
    assumptions = plan.estimate.assumptions
    if assumptions:
        labels = assumption_labels()
        parts.append(f"<h4>{escape(L['Assumptions'])}</h4><ul>"
                     + "".join(f"<li>{escape(fill(tr('%1: %2'), labels.get(k, k), _assumption_value(v)))}</li>"
                               for k, v in assumptions.items() if not isinstance(v, dict)) + "</ul>")
    return parts


def _assumption_value(value: object) -> str:
    if value is None:  # an optional part the estimate does not have (no adapter)
        return tr("none")
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if isinstance(value, str) and not hasattr(value, "template") and value in TERMS:
        return term(value)  # a code ("adamw") as its word ("AdamW")
    return f"{value:g}" if isinstance(value, float) else translated(value)  # a core Message in the UI's language


def assumption_labels() -> dict[str, str]:
    """The assumptions each estimate lists, in words (the codes stay in the JSON)."""
    return {
        "gradient_bytes": tr("Gradient bytes per parameter"), "master_weights": tr("FP32 master weights"),
        "flash_attention": tr("FlashAttention (scores never stored)"), "dropout": tr("Dropout (masks stored)"),
        "static_batching": tr("Serving in static batches (prompts first)"),
        "flash_attention_version": tr("Fused attention kernel generation (1-3)"),
        "cuda_context_gib": tr("CUDA context per GPU (GiB)"), "nccl_buffers_gib": tr("NCCL buffers per GPU (GiB)"),
        "fragmentation": tr("Allocator fragmentation (share)"), "link_efficiency": tr("NVLink efficiency"),
        "network_efficiency": tr("Network efficiency"), "collective_latency_s": tr("Latency per collective step (s)"),
        "dp_overlap": tr("Gradient traffic hidden behind compute (share)"),
        "tp_overlap": tr("Tensor-parallel traffic hidden behind GEMMs (share)"),
        "ep_overlap": tr("Expert all-to-all hidden behind compute (share)"),
        "ep_node_forwarding": tr("MoE tokens cross the network once per node (DeepEP)"),
        "ulysses_attention": tr("Context parallelism by all-to-all over heads (DeepSpeed-Ulysses)"),
        "ulysses_repeats_kv": tr("Ulysses all-to-alls move K and V repeated to every query head"),
        "moe_expert_loop": tr("MoE experts run one by one (Hugging Face Transformers before v5)"),
        "zero_reduces_each_microbatch": tr("ZeRO-2/3 reduce the gradients after every micro-batch (DeepSpeed)"),
        "moe_load_imbalance": tr("MoE load on the busiest GPU (x the mean)"),
        "moe_expert_efficiency": tr("MoE experts' share of dense GEMM efficiency"),
        "gather_exposed_share": tr("ZeRO-3 gathers left exposed (share)"),
        "fp8_activation_inputs": tr("FP8 training also stores the MLP activation inputs in FP8"),
        "fp8_attention": tr("FP8 training also runs attention in FP8"),
        "fused_elementwise": tr("Fused norm, rotary and activation kernels (off: eager PyTorch)"),
        "loss_fp32": tr("Loss over the vocabulary in fp32 (Megatron-LM)"),
        "logits_bytes": tr("Bytes kept per logit at the loss (token x vocabulary entry)"),
        "node_striped_collectives": tr("Data-parallel traffic uses every NIC of a node (rail-optimized fabric)"),
        "weight_storage": tr("Weight storage"),
        "compute_efficiency_scale": tr("Compute efficiency scale"), "flops_convention": tr("FLOPs counted as"),
        "time_model": tr("Step time"),
        "activation_memory": tr("Activation memory"), "optimizer": tr("Optimizer"), "adapters": tr("Adapters"),
        "power": tr("Power"), "kv_cache": tr("KV cache"),
        "gemm_overlap_penalty": tr("GEMM time beyond the longer of math and weight reads (share of the shorter)"),
        "interruptions_per_million_gpu_hours": tr("Job interruptions per million GPU-hours"),
        "checkpoint_write_gbs_per_gpu": tr("Checkpoint write bandwidth per GPU (GB/s)"),
        "restart_minutes": tr("Minutes to restart after an interruption"),
    }


def _job_cost_rows(plan: Plan, currency: str) -> list[tuple[str, str]]:
    """What this run costs (training and fine-tuning) or what a million tokens cost (serving)."""
    cost = plan.cost
    if plan.inference is not None:
        return [(tr("Per million output tokens, rented"), _money(cost.per_million_tokens_cloud, currency, 2)),
                (tr("Per million output tokens, owned"), _money(cost.per_million_tokens_owned, currency, 2))]
    if plan.training is not None:
        return [(tr("This job, rented on demand"), _money(cost.run_cost_cloud_on_demand, currency)),
                (tr("This job, on owned hardware (its share of the TCO)"), _money(cost.run_cost_owned, currency))]
    return []


def compare_html(plans: Sequence[Plan], currency: str) -> str:
    def row(label: str, values: list[str]) -> str:
        return f"<tr><td>{escape(label)}</td>" + "".join(f"<td align='right'>{escape(v)}</td>" for v in values) + \
            "</tr>"

    head = "<tr><th></th>" + "".join(f"<th>{escape(str(p.count))} × {escape(translated(p.gpu_name))}</th>"
                                     for p in plans) + "</tr>"
    training = any(p.training for p in plans)
    serving = [p.inference for p in plans]
    years = plans[0].cost.years if plans else 0.0
    body = [
        row(tr("Where"), [tr("buy") if p.owned else tr("rent") for p in plans]),
        row(tr("Memory / GPU (GiB)"), [_num(p.memory.total) for p in plans]),
        *([row(tr("Training time"), [_duration(p.days) if p.days is not None else "—" for p in plans])]
          if training else []),
        *([row(tr("Time to first token (ms)"), [_num(s.ttft_s * 1000, 0) if s else "—" for s in serving]),
           row(tr("Time per output token (ms)"), [_num(s.tpot_s * 1000, 1) if s else "—" for s in serving]),
           row(tr("Output tokens/s"), [_num(s.output_tokens_per_s, 0) if s else "—" for s in serving])]
          if any(serving) else []),
        row(tr("Nodes"), [str(p.site.nodes) for p in plans]),
        row(tr("Racks"), [str(p.site.racks) for p in plans]),
        row(tr("IT power (kW)"), [_num(p.site.it_kw_expected) for p in plans]),
        # As the plans table: a rented plan buys nothing (no capex, no owned TCO), an owned one rents nothing.
        row(tr("Capex"), [_money(p.cost.capex, currency) if p.owned else "—" for p in plans]),
        row(tr("TCO"), [_money(p.cost.tco, currency) if p.owned else "—" for p in plans]),
        # What the rental cost covers: the training run, or the service over the cost horizon.
        row(tr("Cloud cost, this run") if training else fill(tr("Cloud cost over %1 years of service"), _num(years, 0)),
            ["—" if p.owned else _money(p.cost.run_cost_cloud_on_demand if p.training else p.cost.cloud_tco, currency)
             for p in plans]),
        row(tr("Ranking cost"), [_money(p.cost_metric, currency) for p in plans]),
        row(tr("Warnings"), [str(len(p.warnings)) for p in plans]),
    ]
    return f"<table border='1' cellspacing='0' cellpadding='4'>{head}{''.join(body)}</table>"


def no_plan_html(result: PlanResult) -> str:
    """When no GPU has any plan: the planner's reason, and each GPU's where there were several."""
    parts = [f"<p>{escape(translated(result.note or ''))}</p>"]
    if len(result.rejected) > 1:
        heading = tr("Why each GPU has no plan")
        parts.append(f"<h4>{escape(heading)}</h4><ul>")
        parts += [f"<li><b>{escape(translated(r.gpu_name))}</b>: {escape(translated(r.reason))}</li>"
                  for r in result.rejected]
        parts.append("</ul>")
    return "".join(parts) + next_steps_html(result)


def near_misses_html(result: PlanResult) -> str:
    """When no plan keeps every limit: why, the nearest fix, what would work instead (in view first), and each near
    miss with what it misses."""
    title, heading = tr("No plan keeps every limit you set"), tr("Near misses (not answers)")
    parts = [f"<h3>{escape(title)}</h3>", f"<p>{escape(translated(result.note or ''))}</p>", next_steps_html(result),
             f"<h4>{escape(heading)}</h4><ul>"]
    for plan in result.near_misses:
        where = tr("buy") if plan.owned else tr("rent")
        misses = tr("; ").join(translated(m) for m in plan.misses)
        parts.append(f"<li><b>{escape(str(plan.count))} × {escape(translated(plan.gpu_name))}</b> ({escape(where)}): "
                     f"{escape(misses)}</li>")
    return "".join(parts) + "</ul>"


def next_steps_html(result: PlanResult) -> str:
    """When nothing can be bought: what would work, in order, each with a link that does it (the main window
    handles `next:` links)."""
    if not result.next_steps:
        return ""
    labels = {"rent": tr("Rent instead"), "gpu": tr("Plan on this GPU"), "quote": tr("Import a vendor quote…")}
    items = "".join(f"<li>{escape(translated(step.message))} <a href='next:{step.action}:{escape(step.gpu or '')}'>"
                    f"{escape(labels[step.action])}</a></li>" for step in result.next_steps)
    heading = tr("What would work instead")
    return f"<h4>{escape(heading)}</h4><ol>{items}</ol>"
