"""How a result's parallel layout is worded, one place for the app's details, the spec sheet and the CLI: a training
job by its degrees, ZeRO stage, micro-batch and recomputation; a serving plan by its tensor-parallel group, replicas
and batch (a serving job has no ZeRO stage, micro-batch or recomputation to show); an image model by its GPUs and the
images each takes per pass. Qt-free: the caller passes its translate(context, text); the marker lets pyside6-lupdate
register the templates under the "Layout" context."""

from __future__ import annotations

from collections.abc import Callable

from gpuplanner.core.results.results import Estimate
from gpuplanner.core.training.workload import Layout
from gpuplanner.i18n.placeholders import fill
from gpuplanner.i18n.terms import CONTEXT as TERMS_CONTEXT
from gpuplanner.i18n.terms import english

CONTEXT = "Layout"


def QT_TRANSLATE_NOOP(_context: str, text: str) -> str:  # noqa: N802 - the name pyside6-lupdate looks for
    return text


TRAINING = QT_TRANSLATE_NOOP("Layout", "%1 · ZeRO-%2 · micro-batch %3 · recompute %4")
SERVING_ONE = QT_TRANSLATE_NOOP("Layout", "TP %1 · 1 replica · batch %2")
SERVING = QT_TRANSLATE_NOOP("Layout", "TP %1 per replica · %2 replicas · batch %3 each")
# An image model trained data-parallel: its GPUs and the images each takes in one pass, not TP 1 · PP 1 · ZeRO-0.
IMAGES_ONE_GPU = QT_TRANSLATE_NOOP("Layout", "one GPU · %1 images per pass")
IMAGES = QT_TRANSLATE_NOOP("Layout", "data parallel over %1 GPUs · %2 images a GPU per pass")
IMAGES_SHARDED = QT_TRANSLATE_NOOP("Layout", "data parallel over %1 GPUs · %2 images a GPU per pass · training "
                                             "state sharded (ZeRO-%3)")

Translate = Callable[[str, str], str]  # (context, English text) -> the text in the user's language


def layout_text(result: Estimate, translate: Translate) -> str:
    serving = result.inference
    if serving is not None:
        if serving.replicas == 1:
            return fill(translate(CONTEXT, SERVING_ONE), serving.gpus_per_replica, serving.batch_per_replica)
        return fill(translate(CONTEXT, SERVING), serving.gpus_per_replica, serving.replicas,
                    serving.batch_per_replica)
    return training_layout_text(result.layout, translate, images=images_trained(result))


def images_trained(result: Estimate) -> bool:
    """An image-model training result (it counts images; a ViT or DiT also counts its patch tokens)."""
    return result.training is not None and result.training.images_per_s is not None


def training_layout_text(layout: Layout, translate: Translate, images: bool = False) -> str:
    """A training layout; `images`: an image model's, worded by its GPUs and images per pass where it is data
    parallel alone and recomputes nothing (a ViT or DiT that does keeps the full wording)."""
    if images and layout.tp == layout.pp == 1 and str(layout.recompute) == "none":
        if layout.dp == 1:
            return fill(translate(CONTEXT, IMAGES_ONE_GPU), layout.micro_batch)
        return fill(translate(CONTEXT, IMAGES_SHARDED if layout.zero else IMAGES), layout.dp, layout.micro_batch,
                    layout.zero)
    return fill(translate(CONTEXT, TRAINING), layout.degrees, layout.zero, layout.micro_batch,
                translate(TERMS_CONTEXT, english(str(layout.recompute))))
