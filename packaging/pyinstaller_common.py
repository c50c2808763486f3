"""Settings both PyInstaller specs share, so the yardstick bundle is built exactly like the app."""

# Qt modules the app never loads; QtOpenGL stays (pyqtgraph needs it to start).
EXCLUDED_QT = ["QtQml", "QtQuick", "QtQuickWidgets", "QtQuickControls2", "QtDesigner", "QtHelp", "QtSql",
               "QtTest", "QtNetworkAuth", "QtBluetooth", "QtNfc", "QtPositioning", "QtLocation", "QtSensors",
               "QtSerialPort", "QtWebSockets", "QtMultimedia", "QtMultimediaWidgets", "QtPdf", "QtPdfWidgets",
               "QtRemoteObjects", "QtScxml", "QtStateMachine", "QtTextToSpeech", "QtCharts", "QtDataVisualization",
               "Qt3DCore", "QtConcurrent", "QtDBus", "QtXml", "QtUiTools", "QtSpatialAudio", "QtHttpServer"]
EXCLUDES = ["PyQt5", "PyQt6", "PySide2", "tkinter", "matplotlib", "IPython", "pytest", "hypothesis",
            *[f"PySide6.{name}" for name in EXCLUDED_QT]]
