"""What an estimate depends on: a GPU's and a server's technical figures, the count and the node's network, never
their names, prices or sources. Catalog rows alike in all of those (the same part listed again under another id, a
user's copy with its own price, rented instances of one size and network) share one estimate and one layout search,
each relabelled with its own GPU; only their prices are worked out again."""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Hashable
from typing import Any

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.base.messages import Message
from gpuplanner.core.base.records import replaced
from gpuplanner.core.hardware.hardware import GPU
from gpuplanner.core.planning.plan_settings import HardwareOptions
from gpuplanner.core.results.results import AvailabilityBlock, Estimate
from gpuplanner.core.site.availability import Availability
from gpuplanner.core.site.site import NodeSpec, SiteBlock

# Fields that name, price, date or source a part: no estimate reads them (an estimate names its GPU by `id` and
# words its warnings with `model`, which relabelled() replaces). The confidence of a GPU's figures is read: a result
# on estimated figures says so.
LABEL_FIELDS: dict[type, frozenset[str]] = {
    GPU: frozenset({"id", "model", "price_usd_low", "price_usd_high", "price_source", "price_date",
                    "price_confidence", "source", "as_of", "notes"}),
    NodeSpec: frozenset({"name", "price_usd"}),
}

# (GPU, count, server, GPUs per node, node network where the option fixes it)
EstimateKey = tuple[str, int | None, str, int, float | None]
Outcome = Estimate | InputError | None  # None: it does not fit; an error: the job cannot have it on that GPU


_AS_IS = frozenset({str, int, float, bool, type(None)})  # most figures: hashable as they are


def _frozen(value: Any) -> Hashable:
    if type(value) in _AS_IS:
        return value
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


@functools.cache  # one list per class (and fields left out)
def _shape_fields(kind: type, ignored: frozenset[str]) -> tuple[str, ...]:
    """The fields of a part of this class but those `ignored`, in order."""
    return tuple(field.name for field in dataclasses.fields(kind) if field.name not in ignored)


def part_shape(part: GPU | NodeSpec) -> tuple[Hashable, ...]:
    """The part's figures an estimate may read, hashable: every field but its LABEL_FIELDS."""
    kind: type = type(part)
    return tuple(_frozen(getattr(part, name)) for name in _shape_fields(kind, LABEL_FIELDS[kind]))


def estimate_cache_key(option: HardwareOptions, count: int | None) -> EstimateKey:
    return option.gpu.id, count, option.node.name, option.node.gpus, option.network_gbps_per_node


# Every part shape seen, numbered: the keys of estimates, searches and site blocks hold the number, which hashes at
# once, where a shape (a few dozen figures, nested) is hashed anew at every lookup. For the process's life (a
# catalog has a few hundred shapes; an edit of a part adds one).
_shape_numbers: dict[tuple[Hashable, ...], int] = {}
_next_number = itertools.count()


# The number of each part object's shape, kept from one plan to the next (the catalog's options are the same objects
# from one plan to the next; a record's figures never change).
_part_numbers: KeptByIdentity[int] = KeptByIdentity(4096)


def part_number(part: GPU | NodeSpec) -> int:
    """The number of the part's part_shape, worked out once per part object."""
    return _part_numbers.get((part,), (), lambda: _shape_numbers.setdefault(part_shape(part), next(_next_number)))


class EstimateCache(dict[EstimateKey, Outcome]):
    """The estimates of one workload by option and count (estimate_cache_key), with the same outcomes by what they
    depend on (estimate_shape_key, the GPU they were made for) and each GPU's outcomes (why an option has no plan)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_shape: dict[tuple[Hashable, ...], tuple[GPU, Estimate | None]] = {}
        # Each GPU's outcomes, with the plan (its number) and the option (its index in the plan) that made them.
        self.of_gpu: dict[str, list[tuple[int, int, Outcome]]] = {}
        self.plans, self.option = 0, 0  # the plan and the option estimating now
        self._shapes: dict[int, tuple[GPU | NodeSpec, int]] = {}  # by id(), the part held
        self.sites: dict[tuple[Hashable, ...], SiteBlock] = {}  # one plan's site blocks, by what sizes them
        # One plan's options on rented instances, by id() of the option and offer (held) and the network.
        self.on_instances: dict[tuple[int, int, float | None], tuple[object, object, HardwareOptions]] = {}
        self.availability: dict[int, tuple[Availability, AvailabilityBlock]] = {}  # by id() of the one held
        # GPUs the user calibrated on their own runs: an estimate of one reads its id too (never shared with alike).
        self.calibrated_gpus: frozenset[str] = frozenset()
        # The shown plans' estimates with their runner-ups filled in (plan_evaluation.filled_estimate), by id() of
        # the estimate filled (held: the same object is the same estimate), the option it ran on
        # (estimate_cache_key) and the deadline its warnings word a miss of: kept across plans, as the estimates
        # are, so that a plan re-ranked after a goal, limit or price edit is shown without its layouts searched again.
        self.filled: dict[tuple[int, EstimateKey, float | None], tuple[Estimate, Estimate]] = {}

    def start_plan(self, calibrated_gpus: frozenset[str] = frozenset()) -> None:
        """Let go of the last plan's site blocks, parts and options (its settings and options may be another plan's);
        `calibrated_gpus`: the GPUs this plan's calibration has the user's own runs of."""
        self.calibrated_gpus = calibrated_gpus
        self.plans += 1
        self.option = 0
        self._shapes.clear()
        self.sites.clear()
        self.on_instances.clear()
        self.availability.clear()

    def shape_of(self, part: GPU | NodeSpec) -> int:
        """The number of the part's part_shape, worked out once per part object (an option's GPU and node are asked
        for at every count)."""
        found = self._shapes.get(id(part))
        if found is None:
            if isinstance(part, GPU) and part.id in self.calibrated_gpus:
                number = _shape_numbers.setdefault((part.id, *part_shape(part)), next(_next_number))
            else:
                number = part_number(part)
            found = self._shapes[id(part)] = (part, number)
        return found[1]

    def keep(self, key: EstimateKey, outcome: Outcome) -> None:
        self[key] = outcome
        self.of_gpu.setdefault(key[0], []).append((self.plans, self.option, outcome))

    def outcomes_until(self, gpu_id: str, option: int) -> list[Outcome]:
        """The GPU's outcomes so far as options planned one after another leave them: those of earlier plans, then
        this plan's options up to `option`, each option's in the order it made them (the options' count loops run
        in rounds, plan.plan_catalog)."""
        made = [entry for entry in self.of_gpu.get(gpu_id, ()) if entry[0] < self.plans or entry[1] <= option]
        return [outcome for *_, outcome in sorted(made, key=lambda entry: entry[:2])]


def estimate_shape_key(option: HardwareOptions, count: int | None, cache: EstimateCache) -> tuple[Hashable, ...]:
    """What the estimate of `count` GPUs of the option reads of it (scenario_on_option and the node's power)."""
    return cache.shape_of(option.gpu), count, cache.shape_of(option.node), option.network_gbps_per_node


def search_shape_key(option: HardwareOptions, cache: EstimateCache) -> tuple[Hashable, ...]:
    """What the option's layout searches read of it: the GPU, the GPUs a node holds and the node's network."""
    return cache.shape_of(option.gpu), option.node.gpus, option.network_gbps_per_node


def relabelled(found: Estimate | None, made_for: GPU, gpu: GPU) -> Estimate | None:
    """An estimate made for `made_for` as the same figures on `gpu`: its GPU id, and its warnings naming the model."""
    if found is None or (made_for.id, made_for.model) == (gpu.id, gpu.model):
        return found
    return replaced(found, gpu=gpu.id, warnings=tuple(
        _renamed(warning, made_for.model, gpu.model) for warning in found.warnings))


def relabelled_site(site: SiteBlock, node: NodeSpec) -> SiteBlock:
    """A site block sized for a server alike `node` but for its name and price (plan_shapes.LABEL_FIELDS), as
    `node`'s own: its name in the block and its warnings, its price."""
    if site.node_spec is node:
        return site
    old = site.node_spec.name
    return replaced(site, node=node.name, node_spec=node, node_price_usd=node.price_usd, warnings=tuple(
        _renamed(warning, old, node.name) for warning in site.warnings) if old != node.name else site.warnings)


def _renamed(text: str, old: str, new: str) -> str:
    """A message with the parameters that are `old` (a GPU's model, a server's name) set to `new`, nested messages
    too."""
    if not isinstance(text, Message) or not text.params:
        return text
    params = {key: new if isinstance(value, str) and value == old else _renamed(value, old, new)
              if isinstance(value, Message) else value for key, value in text.params.items()}
    return text if all(params[key] is value for key, value in text.params.items()) else \
        Message(text.template, **params)
