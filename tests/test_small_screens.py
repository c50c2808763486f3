"""Small logical screens (1280 x 720 at 1.5x scaling is 853 x 480) and dark palettes: the plans table keeps five rows
in view above the details, and placeholder text reads."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt

from tests.conftest import close_window, compute, open_window
from tests.test_desktop_day import ADWAITA_DARK

SMALL_LOGICAL = (853, 480)  # a 1280 x 720 screen at QT_SCALE_FACTOR=1.5


def _rows_in_view(view) -> int:
    """Rows of the table drawn whole inside its viewport, as laid out now."""
    viewport = view.viewport().rect()
    model = view.model()
    return sum(1 for row in range(model.rowCount())
               if viewport.contains(view.visualRect(model.index(row, 0))))


def test_the_plans_table_shows_five_rows_on_a_480_pixel_high_window(qtbot, private_user_data) -> None:
    """At 853 x 480 logical pixels the fixed 3 : 5 split and the two stacked banners left one or two rows of plans
    above the details: on a first start (the example banner shown) the table now shows five whole rows, the details
    keep lines of their own, and the example banner hides from its own link, giving its room to the table."""
    window = open_window(qtbot)
    window.restore_session()  # a first start: the example banner
    window.resize(*SMALL_LOGICAL)
    result = compute(qtbot, window)
    assert len(result.plans) >= 5
    qtbot.waitUntil(lambda: window.plans_splitter.height() < 400)
    assert window.example_banner.isVisible()
    view = window.plans_view
    assert _rows_in_view(view) >= 5, (window.plans_splitter.sizes(), view.verticalHeader().defaultSectionSize())
    assert window.details.height() >= 2 * window.details.fontMetrics().lineSpacing()
    table_before = view.height()
    banner = window.example_banner
    banner.setFocus()
    qtbot.keyClick(banner, Qt.Key.Key_Tab)  # onto the "Hide" link
    qtbot.keyClick(banner, Qt.Key.Key_Return)
    assert not banner.isVisible()
    qtbot.waitUntil(lambda: view.height() + window.details.height() > table_before + 40)
    assert _rows_in_view(view) >= 5
    close_window(window)


def test_a_dragged_split_is_kept_when_the_window_resizes(qtbot, main_window) -> None:
    """The split follows the height only until the user drags the handle."""
    compute(qtbot, main_window)
    splitter = main_window.plans_splitter
    handle = splitter.handle(1)
    start = splitter.sizes()[0]
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton)
    qtbot.mouseMove(handle, handle.rect().center() + QPoint(0, 60))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=handle.rect().center() + QPoint(0, 60))
    assert splitter.moved_by_user and splitter.sizes()[0] > start + 30
    dragged = splitter.sizes()
    main_window.resize(main_window.width(), main_window.height() - 100)
    qtbot.waitUntil(lambda: splitter.sizes() != dragged)
    table, details = splitter.sizes()
    assert abs(table / (table + details) - dragged[0] / sum(dragged)) < 0.02  # the user's proportion, not the rule's


def _brightest_contrast(edit) -> float:
    """The highest WCAG contrast between the box's base colour and any pixel drawn inside its text area."""
    from PySide6.QtGui import QPalette

    from gpuplanner.ui.contrast_style import contrast_ratio

    image = edit.grab().toImage()
    base = edit.palette().color(QPalette.ColorRole.Base)
    area: QRect = edit.rect().adjusted(4, 4, -4, -4)
    return max(contrast_ratio(image.pixelColor(x, y), base)
               for x in range(area.left(), area.right()) for y in range(area.top(), area.bottom()))


def test_the_filter_boxs_placeholder_reads_in_a_dark_palette(qtbot) -> None:
    """In a dark palette the plans filter's "Filter plans…" was drawn in the light palette's half-transparent black
    (about 1.2 : 1 on Adwaita dark's base): the app lifts the placeholder to WCAG's 4.5 : 1 for text, as rendered,
    and leaves a light palette's placeholder as it is."""
    from PySide6.QtCore import QStringListModel
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

    from gpuplanner.ui.contrast_style import TEXT_CONTRAST, readable_placeholder, use_contrast_style
    from gpuplanner.ui.widgets import filtered_proxy

    app = QApplication.instance()
    style_name, palette = app.style().name(), app.palette()
    dark = QPalette()
    for role, colour in ADWAITA_DARK.items():
        dark.setColor(getattr(QPalette.ColorRole, role), QColor(colour))
    model = QStringListModel(["H100 SXM"])
    try:
        app.setStyle(QStyleFactory.create("Fusion"))
        before = QWidget()
        qtbot.addWidget(before)
        _, plain = filtered_proxy(model, Qt.ItemDataRole.DisplayRole, "Filter plans…", before)
        plain.setPalette(dark)  # the platform's dark palette as it comes
        plain.resize(240, plain.sizeHint().height())
        assert _brightest_contrast(plain) < 2  # the fault: the placeholder vanishes into the box
        use_contrast_style(app)
        app.setPalette(dark)  # a dark theme arriving while the app runs
        after = QWidget()
        qtbot.addWidget(after)
        _, edit = filtered_proxy(model, Qt.ItemDataRole.DisplayRole, "Filter plans…", after)
        edit.resize(240, edit.sizeHint().height())
        shown = _brightest_contrast(edit)
        text = app.palette().color(QPalette.ColorRole.Text)
        assert shown >= TEXT_CONTRAST
        assert app.palette().color(QPalette.ColorRole.PlaceholderText) != text  # still unlike typed text
        assert readable_placeholder(QPalette(QColor("#efefef"))) is None  # a light palette is left alone
    finally:
        app.setStyle(QStyleFactory.create(style_name))
        app.setPalette(palette)


def test_the_readable_placeholders_put_no_widget_event_through_python(qtbot) -> None:
    """Kept readable through palette changes, the placeholders cost the GUI thread nothing per event: an application
    event filter ran a Python call for each of its events (about 240 an edit), each waiting for the interpreter
    lock while a plan ran in the worker."""
    import sys

    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication, QWidget

    from gpuplanner.ui.contrast_style import use_contrast_style

    app = QApplication.instance()
    style_name = app.style().name()
    widget = QWidget()
    qtbot.addWidget(widget)
    ours: list[str] = []

    def calls(frame, event, _arg) -> None:  # type: ignore[no-untyped-def]
        if event == "call" and "gpuplanner" in frame.f_code.co_filename:
            ours.append(frame.f_code.co_name)

    try:
        use_contrast_style(app)
        sys.setprofile(calls)
        for _ in range(20):
            QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.User))
    finally:
        sys.setprofile(None)
        from PySide6.QtWidgets import QStyleFactory
        app.setStyle(QStyleFactory.create(style_name))
    assert ours == []


def test_the_charts_stack_rather_than_cut_off_at_1280_by_720(qtbot, private_user_data) -> None:
    """At 1280 x 720 the charts sat two abreast in a pane narrower than two, so the right-hand ones were cut off
    behind a sideways scroll bar: opened by a click on their tab, they now sit one under another, each whole in the
    pane's width (the pane scrolls down); a window wide enough for two puts two abreast again."""
    window = open_window(qtbot)
    try:
        window.resize(1280, 720)
        compute(qtbot, window)
        bar = window.tabs.tabBar()
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(window.tabs.indexOf(window.charts_holder))
                         .center())
        qtbot.waitUntil(lambda: window.charts is not None and window.charts.isVisible())
        panel = window.charts
        scroll = panel.parentWidget().parentWidget()  # the scroll area around the panel's viewport
        qtbot.waitUntil(lambda: scroll.horizontalScrollBar().maximum() == 0, timeout=3000)
        assert panel.columns == 1
        viewport = scroll.viewport()
        for plot in (panel.cost_plot, panel.memory_plot, panel.time_plot, panel.power_plot, panel.scaling_plot):
            left = plot.mapTo(viewport, QPoint(0, 0)).x()
            assert left >= 0 and left + plot.width() <= viewport.width(), (plot.accessibleName(), left,
                                                                             plot.width(), viewport.width())
            assert plot.height() >= plot.minimumHeight()
        tops = [plot.mapTo(panel, QPoint(0, 0)).y() for plot in (panel.cost_plot, panel.memory_plot)]
        assert tops[1] >= tops[0] + panel.cost_plot.minimumHeight()  # one under another, not overlapping
        window.resize(2400, 900)
        qtbot.waitUntil(lambda: panel.columns == 2)
        assert panel.cost_plot.mapTo(panel, QPoint(0, 0)).y() == panel.memory_plot.mapTo(panel, QPoint(0, 0)).y()
    finally:
        close_window(window)
