"""What a plan says of the servers it buys beyond their site block (core.site.plan_site): GPUs left idle by the job."""

from __future__ import annotations

from gpuplanner.core.messages import Message, msg
from gpuplanner.core.plan_settings import RACK_TRAINING_GPUS


def idle_gpus_note(used: int, bought: int, nodes: int, per_node: int) -> Message:
    """A training plan that runs on fewer GPUs than the whole servers it buys says so, and why that can pay."""
    if RACK_TRAINING_GPUS.get(per_node) is not None and used == nodes * RACK_TRAINING_GPUS[per_node]:
        return msg("Trains on {used:,} of the {bought:,} GPUs bought: {in_rack} of each rack's {per_node}, as NVIDIA's "
                   "own NVL72 training runs do, the other {spare} of each rack spare for a failed tray.", used=used,
                   bought=bought, in_rack=RACK_TRAINING_GPUS[per_node], per_node=per_node,
                   spare=per_node - RACK_TRAINING_GPUS[per_node])
    return msg("Trains on {used:,} of the {bought:,} GPUs bought ({nodes:,} x {per_node}): the other {idle:,} stay "
               "idle during this job.", used=used, bought=bought, nodes=nodes, per_node=per_node, idle=bought - used)
