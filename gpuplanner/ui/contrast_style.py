"""Radio buttons and check boxes that stay visible in a dark palette.

Fusion (the style Qt uses under GTK and KDE dark themes) draws an indicator's ring in the window colour darkened by
40 %: on a dark window that is dark grey on dark grey (1.2 : 1 on Adwaita dark), and the task page's choices were
barely visible. This proxy draws the ring from a window colour lifted until the ring, as rendered, stands out from the
indicator's fill and the page by the 3 : 1 that WCAG 2.1's non-text contrast (1.4.11) asks of a control's boundary;
light palettes are drawn as the style draws them. A dark palette's placeholder text (the filter box's "Filter
plans…") is lifted to the 4.5 : 1 that WCAG 2.1's contrast minimum (1.4.3) asks of text; it stays dimmer than text."""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QStyleOptionButton, QWidget

# WCAG 2.1 success criterion 1.4.11 (non-text contrast): a control's boundary against what is next to it.
NON_TEXT_CONTRAST = 3.0
# WCAG 2.1 success criterion 1.4.3 (contrast, minimum): text against its background.
TEXT_CONTRAST = 4.5
# The ring's colour aims higher: a 1-px antialiased circle covers its pixels partly, and at 3 : 1 the radio ring's
# rendered pixels reached 2.6 : 1 on Adwaita dark (4.5 : 1, WCAG's text level, renders above 3).
RING_COLOUR_CONTRAST = 4.5
# QFusionStyle draws an indicator's outline as the window colour .darker(140) (qfusionstyle.cpp, outline()).
FUSION_OUTLINE_DARKER = 140
INDICATORS = (QStyle.PrimitiveElement.PE_IndicatorRadioButton, QStyle.PrimitiveElement.PE_IndicatorCheckBox)


def relative_luminance(color: QColor) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF())


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG 2.1 contrast ratio, 1 (none) to 21 (black on white)."""
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def _rgb(colour: QColor) -> tuple[float, float, float]:
    return colour.redF(), colour.greenF(), colour.blueF()


def outline_window(palette: QPalette) -> QColor:
    """The window colour whose Fusion outline stands out from the indicator's fill (the base colour) and the page
    around it (the window colour) by RING_COLOUR_CONTRAST, mixed from the window toward the text colour in tenths."""
    window, text, base = (palette.color(role) for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Text,
                                                           QPalette.ColorRole.Base))
    for step in range(11):
        share = step / 10
        mixed = QColor.fromRgbF(*(w + (t - w) * share for w, t in zip(_rgb(window), _rgb(text), strict=True)))
        ring = mixed.darker(FUSION_OUTLINE_DARKER)
        if min(contrast_ratio(ring, base), contrast_ratio(ring, window)) >= RING_COLOUR_CONTRAST:
            return mixed
    return text


def _over(colour: QColor, background: QColor) -> QColor:
    """`colour` as it shows when painted over `background` (Qt's default placeholder is text at half opacity)."""
    alpha = colour.alphaF()
    return QColor.fromRgbF(*(c * alpha + b * (1 - alpha)
                             for c, b in zip(_rgb(colour), _rgb(background), strict=True)))


def readable_placeholder(palette: QPalette) -> QColor | None:
    """The placeholder colour a dark palette needs for its placeholder text to reach TEXT_CONTRAST on the base colour,
    mixed from the base toward the text colour in twentieths (the least lift that reads, so a placeholder still looks
    unlike typed text); None for a light palette or a placeholder that already reads."""
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
    shown = _over(palette.color(QPalette.ColorRole.PlaceholderText), base)
    if not is_dark(palette) or contrast_ratio(shown, base) >= TEXT_CONTRAST:
        return None
    for step in range(1, 21):
        share = step / 20
        mixed = QColor.fromRgbF(*(b + (t - b) * share for b, t in zip(_rgb(base), _rgb(text), strict=True)))
        if contrast_ratio(mixed, base) >= TEXT_CONTRAST:
            return mixed
    return text


class ReadablePlaceholders(QObject):
    """Keeps the application palette's placeholder text readable: applied at once and after every palette change
    (the user's theme switching to dark while the app runs). It hears of a change by the application's paletteChanged
    signal (obsolete in Qt 6's documentation, still emitted), not by the ApplicationPaletteChange event: an
    application-wide event filter, the way to see that event, puts every event of the GUI thread through Python
    (about 240 an edit of a 70B plan, half of them while the plan runs, each waiting for the interpreter lock)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.app = app
        app.paletteChanged.connect(self.apply)
        self.apply()

    @Slot()
    def apply(self) -> None:
        colour = readable_placeholder(self.app.palette())
        if colour is not None:  # a palette that reads gives None: no second change, no loop
            palette = self.app.palette()
            palette.setColor(QPalette.ColorRole.PlaceholderText, colour)
            self.app.setPalette(palette)


class ContrastStyle(QProxyStyle):
    """The application's style, with indicators whose ring is visible on a dark palette."""

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,  # noqa: N802 - Qt's name
                      painter: QPainter, widget: QWidget | None = None) -> None:
        if element in INDICATORS and is_dark(option.palette):
            lifted = QStyleOptionButton(option)  # type: ignore[call-overload]
            palette = QPalette(option.palette)
            palette.setColor(QPalette.ColorRole.Window, outline_window(palette))
            lifted.palette = palette
            option = lifted
        super().drawPrimitive(element, option, painter, widget)


def use_contrast_style(app: QApplication) -> None:
    """Wrap the application's style (whatever the platform chose) in ContrastStyle, and keep placeholders readable,
    once."""
    if not isinstance(app.style(), ContrastStyle):
        app.setStyle(ContrastStyle(app.style().name()))
    if app.findChild(ReadablePlaceholders) is None:
        ReadablePlaceholders(app)
