"""Translating the core's messages (warnings, notes, rank reasons) for the app and the spec sheet.

The core is Qt-free, so its English templates are registered here for pyside6-lupdate with QT_TRANSLATE_NOOP;
tests/test_i18n.py checks this list against every msg("...") template in gpuplanner/core."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from gpuplanner.core.errors import InputError

CONTEXT = "CoreMessages"

TEMPLATES = (
    QT_TRANSLATE_NOOP("CoreMessages", "PP={pp} splits {layers} layers unevenly: the stage with the most layers sets "
                                      "the pace (the estimate assumes an even split)."),
    QT_TRANSLATE_NOOP("CoreMessages", "Sequence length {seq:,} is beyond the {max:,} tokens {model} was built for."),
    QT_TRANSLATE_NOOP("CoreMessages", "Uses {used:.0%} of GPU memory: under {headroom:.0%} headroom, allocator "
                                      "fragmentation or a longer sequence can run out of memory; plan a little more."),
    QT_TRANSLATE_NOOP("CoreMessages", "first token after {ttft:.2f} s (limit {limit:g} s)"),
    QT_TRANSLATE_NOOP("CoreMessages", "room for {room} users at once (asked {users})"),
    QT_TRANSLATE_NOOP("CoreMessages", "{count:,} GPUs for a {hours:.1f}-hour job: a cluster this size for so short a "
                                      "run is unusual; check the inputs (tokens, sequence length)."),
    QT_TRANSLATE_NOOP("CoreMessages", "{seq:,}-token sequences: context parallelism is not modelled, so memory and "
                                      "time at this length are rough."),
    QT_TRANSLATE_NOOP("CoreMessages", "{tpot:.0f} ms per output token (limit {limit:.0f} ms)"),
    QT_TRANSLATE_NOOP("CoreMessages", "Nearest fix: {gpu} × {count} ({node}) needs {need:.1f} kW per rack with "
                                      "{needed} cooling; ask for racks of at least {ask:.0f} kW, or rent instead."),
    QT_TRANSLATE_NOOP("CoreMessages", "Nearest: {gpu} × {count} ({deployment}), which {misses}."),
    QT_TRANSLATE_NOOP("CoreMessages", "No plan keeps every limit and goal you set."),
    QT_TRANSLATE_NOOP("CoreMessages", "No plan keeps every limit and goal you set; the near misses say what each "
                                      "misses. {fix}"),
    QT_TRANSLATE_NOOP("CoreMessages", "Not an answer: {misses}"),
    QT_TRANSLATE_NOOP("CoreMessages", "one node is {units}U; a rack has {free}U free"),
    QT_TRANSLATE_NOOP("CoreMessages", "one node needs {need:.1f} kW; the rack allows {limit:.1f} kW"),
    QT_TRANSLATE_NOOP("CoreMessages", "one node weighs {weight:.0f} kg; a rack holds {limit:.0f} kg"),
    QT_TRANSLATE_NOOP("CoreMessages", "{rack_kw:.1f} kW per rack needs {needed} cooling; the site has {cooling}"),
    QT_TRANSLATE_NOOP("CoreMessages", "never pays back: at {utilization:.0%} utilisation, running it costs more per "
                                      "month than renting the same GPU-hours"),
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
    QT_TRANSLATE_NOOP("CoreMessages", "{first}; {second}"),
    QT_TRANSLATE_NOOP("CoreMessages", "{slower:.0f}% slower"),
    QT_TRANSLATE_NOOP("CoreMessages", "does not fit: needs {need:.1f} GiB per GPU"),
    QT_TRANSLATE_NOOP("CoreMessages", "Takes {days:,.0f} days: no deadline is set, so slow plans can rank first. "
                                      "Set a deadline to see faster ones."),
    QT_TRANSLATE_NOOP("CoreMessages", "air"),
    QT_TRANSLATE_NOOP("CoreMessages", "rear-door heat exchanger"),
    QT_TRANSLATE_NOOP("CoreMessages", "cold-plate liquid"),
    QT_TRANSLATE_NOOP("CoreMessages", "immersion"),
    QT_TRANSLATE_NOOP("CoreMessages", "more than immersion presets"),
    # the catalog's notes about the user's own database (gpuplanner/catalog/store.py)
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits database was damaged ({reason}); it was moved to {aside} and "
                                      "a new one will be started. The bundled catalog is in use."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits in {path} were saved by a newer GPU Planner; they are left "
                                      "untouched and not used by this version."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits in {path} cannot be read now ({reason}); the bundled catalog "
                                      "is used and your file is left as it is."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits database was damaged ({reason}) and has been set aside; a new"
                                      " one will be started. The bundled catalog is in use."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits database {path} is damaged ({reason}) and could not be moved "
                                      "aside ({error}); it is left as it is and not used."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits cannot be saved in this session (see the note about your "
                                      "edits database)."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edits could not be read now ({reason}); using the bundled "
                                      "catalog."),
    QT_TRANSLATE_NOOP("CoreMessages", "Your catalog edit was not saved ({reason}); nothing was changed."),
    QT_TRANSLATE_NOOP("CoreMessages", "The table {table} in your catalog edits has columns this version cannot use; it "
                                      "is skipped."),
    QT_TRANSLATE_NOOP("CoreMessages", "Skipped your {table} entry {row}: {field} {problem}"),
)


# Input errors (InputError templates across the Qt-free packages), for the wizard, dialogs and the CLI.
INPUT_TEMPLATES = (
    QT_TRANSLATE_NOOP("CoreMessages", "{model} has no published memory bandwidth; add it in the catalog to estimate "
                                      "it"),
    QT_TRANSLATE_NOOP("CoreMessages", "cannot write in {folder}"),
    QT_TRANSLATE_NOOP("CoreMessages", "cannot write {path}: {reason}"),
    QT_TRANSLATE_NOOP("CoreMessages", "contains an invalid character (a lone UTF-16 surrogate)"),
    QT_TRANSLATE_NOOP("CoreMessages", "holds a number with too many digits"),
    QT_TRANSLATE_NOOP("CoreMessages", "needs a file name"),
    QT_TRANSLATE_NOOP("CoreMessages", "the file name contains a NUL character"),
    QT_TRANSLATE_NOOP("CoreMessages", "the folder {folder} does not exist"),
    QT_TRANSLATE_NOOP("CoreMessages", "the number {text} is too large"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is a folder; give a file name"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is not UTF-8 text"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is not a regular file (a folder, pipe or device)"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is not a regular file (a pipe or device)"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is over 1 MB; a scenario file is at most 1 MB"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is the scenario file itself; give another name"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be one of {allowed}, got {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be {range}{unit}, got {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "unknown id {row_id!r}; see `gpuplanner catalog {table}`"),
    QT_TRANSLATE_NOOP("CoreMessages", "is not a column of this table"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be datacenter, workstation or consumer"),
    QT_TRANSLATE_NOOP("CoreMessages", "{id} is a {kind} model without a transformer architecture"),
    QT_TRANSLATE_NOOP("CoreMessages", "{model_id} is a {kind} model, not an image model"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be zero or more"),
    QT_TRANSLATE_NOOP("CoreMessages", "must not be empty"),
    QT_TRANSLATE_NOOP("CoreMessages", "unknown GPU id {gpu_id!r}; see `gpuplanner catalog gpus`"),
    QT_TRANSLATE_NOOP("CoreMessages", "unknown preset {model_id!r}; see `gpuplanner catalog models`"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be yes or no, got {value!r}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a number, got {value!r}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be one of {join}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be USD or CNY"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be in (0, 1]"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a number, got {name}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a finite number"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be greater than zero, got {value:g}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be at least {minimum}, got {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be at most {maximum}, got {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be zero or more, got {value:g}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a whole number, got {value!r}"),
    QT_TRANSLATE_NOOP("CoreMessages", "{value!r} estimates are not available in this version yet"),
    QT_TRANSLATE_NOOP("CoreMessages", "{model} has no published peak for {value} or a fallback"),
    QT_TRANSLATE_NOOP("CoreMessages", "no GPU count up to 65536 gives a valid layout for this batch"),
    QT_TRANSLATE_NOOP("CoreMessages", "{name}: FLOPs per image are not in the catalog (no citable source); give "
                                      "images.gflops_per_sample"),
    QT_TRANSLATE_NOOP("CoreMessages", "{name}: activation memory per image is not in the catalog; give "
                                      "images.activation_mib_per_sample (scripts/measure_cnn_activations.py)"),
    QT_TRANSLATE_NOOP("CoreMessages", "no GPU count up to 4096 divides the batch evenly"),
    QT_TRANSLATE_NOOP("CoreMessages", "{model} has no published memory bandwidth; cannot estimate decode"),
    QT_TRANSLATE_NOOP("CoreMessages", "{model} has no published 16-bit tensor rate; cannot estimate prefill"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be one of {join}, got {name!r}"),
    QT_TRANSLATE_NOOP("CoreMessages", "int4 KV cache is not supported; use fp16, bf16, fp8 or int8"),
    QT_TRANSLATE_NOOP("CoreMessages", "no tensor x pipeline split divides {count} GPUs"),
    QT_TRANSLATE_NOOP("CoreMessages", "{global_batch} sequences cannot be split evenly over the data-parallel "
                                      "replicas"),
    QT_TRANSLATE_NOOP("CoreMessages", "must hold a JSON object"),
    QT_TRANSLATE_NOOP("CoreMessages", "{heads} heads do not divide hidden size {hidden}"),
    QT_TRANSLATE_NOOP("CoreMessages", "{kv_heads} KV heads do not divide {heads} heads"),
    QT_TRANSLATE_NOOP("CoreMessages", "cannot read {path}: {exc}"),
    QT_TRANSLATE_NOOP("CoreMessages", "not valid JSON ({msg} at line {lineno})"),
    QT_TRANSLATE_NOOP("CoreMessages", "missing {join}"),
    QT_TRANSLATE_NOOP("CoreMessages", "IDC cabinets are sold at {join} A"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be between 1.0 and 3.0, got {pue:g}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be an object"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be an object with a preset or an architecture"),
    QT_TRANSLATE_NOOP("CoreMessages", "is required when no preset is given"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a JSON object"),
    QT_TRANSLATE_NOOP("CoreMessages", "is required (a preset or an architecture)"),
    QT_TRANSLATE_NOOP("CoreMessages", "{pp} stages exceed the model's {layers} layers"),
    QT_TRANSLATE_NOOP("CoreMessages", "tp x pp x dp = {product} but hardware.count is {count}"),
    QT_TRANSLATE_NOOP("CoreMessages", "unknown key (allowed: {join})"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be one of {allowed}, got {value!r}"),
    QT_TRANSLATE_NOOP("CoreMessages", 'image tasks take a catalog preset: {"preset": "resnet-50"}'),
    QT_TRANSLATE_NOOP("CoreMessages", "only applies to the vision and diffusion tasks"),
    QT_TRANSLATE_NOOP("CoreMessages", "must divide training.global_batch"),
    QT_TRANSLATE_NOOP("CoreMessages", "{tp} does not divide the model's {heads} heads"),
    QT_TRANSLATE_NOOP("CoreMessages", "{tp} exceeds the {gpus_per_node} GPUs per node"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be 1 or 3"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be between 4 and 60"),
    QT_TRANSLATE_NOOP("CoreMessages", "{global_batch} images cannot be split over {count} GPUs"),
    QT_TRANSLATE_NOOP("CoreMessages", "no micro-batch divides the images each GPU gets per step"),
    QT_TRANSLATE_NOOP("CoreMessages", "{tokens:g} tokens is beyond any real training run"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be none, selective or full, got {text!r}"),
    QT_TRANSLATE_NOOP("CoreMessages", "unknown assumption"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be true or false"),
    QT_TRANSLATE_NOOP("CoreMessages", "{name} is not a number JSON allows"),
    QT_TRANSLATE_NOOP("CoreMessages", "{path} is {value:.1f} MB; a scenario file is at most 1 MB"),
    QT_TRANSLATE_NOOP("CoreMessages", "file not found: {path}"),
    QT_TRANSLATE_NOOP("CoreMessages", "not valid JSON: {msg} at line {lineno} column {colno}"),
    QT_TRANSLATE_NOOP("CoreMessages", "JSON nested too deeply"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be between 1 and 100"),
    QT_TRANSLATE_NOOP("CoreMessages", "no plan fits, so there is no spec sheet to write"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a whole number, got {kind} {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be a number, got {kind} {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be text, got {kind} {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be true or false, got {kind} {value}"),
    QT_TRANSLATE_NOOP("CoreMessages", "must be an object, got {kind} {value}"),
)

def translated_error(exc: InputError) -> str:
    """'field: message' with the message in the current language (the field is a path the user typed)."""
    return f"{exc.field}: {translated(exc.message)}"


def translated(message: object) -> str:
    """The message in the current language; plain strings pass through."""
    template = getattr(message, "template", None)
    if template is None:
        return str(message)
    text = QCoreApplication.translate(CONTEXT, template)
    if not message.params:  # type: ignore[attr-defined]
        return text
    params = {key: translated(value) if hasattr(value, "template") else value
              for key, value in message.params.items()}  # type: ignore[attr-defined]
    try:
        return text.format(**params)
    except (KeyError, ValueError, IndexError):  # a broken translation must not hide the message
        return str(message)
