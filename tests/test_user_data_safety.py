"""The user's own data survives crashes, locks, permissions, damage and concurrency (overrides database,
settings, autosave), and every command says what happened to it."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gpuplanner.catalog import store
from gpuplanner.catalog.store import Catalog, CatalogError, CatalogWriteError
from gpuplanner.paths import bundled_catalog_path, user_overrides_path
from tests.conftest import REPO_ROOT, run_cli
from tests.test_overrides import MY_GPU

SCENARIO = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}


def damaged_database() -> Path:
    path = user_overrides_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    return path


def test_a_crash_mid_save_is_rolled_back_not_called_damage() -> None:
    Catalog().save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    # A writer that dies mid-transaction, after its changes reached the file: a hot journal is left behind.
    crash = textwrap.dedent(f"""
        import os, sqlite3
        c = sqlite3.connect({str(path)!r}, isolation_level=None)
        c.execute("PRAGMA cache_size = 1")
        c.execute("BEGIN")
        c.execute("UPDATE gpus SET model = 'half-written' WHERE id = 'my-gpu'")
        for i in range(3000):
            c.execute("INSERT INTO gpus (id, vendor, model, segment, source) VALUES (?, 'x', 'y', 'datacenter', 's')",
                      (f"junk-{{i}}",))
        os._exit(0)
    """)
    subprocess.run([sys.executable, "-c", crash], check=True, timeout=60)
    assert path.with_name(path.name + "-journal").exists()  # the journal is hot
    catalog = Catalog()
    assert catalog.messages == []  # nothing damaged, nothing moved
    assert catalog.gpu("my-gpu").model == "Acme X1"  # the interrupted save rolled back
    assert not any(p.name.startswith("overrides.db.damaged") for p in path.parent.iterdir())
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert connection.execute("SELECT count(*) FROM gpus").fetchone()[0] == 1
    connection.close()


def test_a_database_locked_by_another_program_is_left_alone(monkeypatch) -> None:
    Catalog().save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    monkeypatch.setattr(store, "BUSY_WAIT_S", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        catalog = Catalog()
        assert any("cannot be read now" in m and "locked" in m for m in catalog.messages)
        assert catalog.gpu("h100-sxm5-80gb").memory_gib == 80  # the bundled catalog works
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert path.exists() and not list(path.parent.glob("overrides.db.damaged-*"))
    assert Catalog().gpu("my-gpu").model == "Acme X1"  # next time, the user's row is there


def test_an_unreadable_database_is_not_damage(monkeypatch) -> None:
    Catalog().save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == path else real_access(p, mode))
    catalog = Catalog()  # (as root, chmod 000 does not stop reading; the permission check is what answers)
    assert any("cannot be read now" in m and "permission" in m for m in catalog.messages)
    assert path.exists() and not list(path.parent.glob("overrides.db.damaged-*"))


def test_damaged_databases_met_in_the_same_second_keep_distinct_names() -> None:
    first = damaged_database()
    first.write_bytes(b"first damaged copy" * 50)
    Catalog()
    damaged_database().write_bytes(b"second damaged copy" * 50)
    Catalog()
    kept = sorted(first.parent.glob("overrides.db.damaged-*"))
    assert len(kept) == 2
    assert {k.read_bytes()[:12] for k in kept} == {b"first damage", b"second damag"}


def test_a_damaged_database_in_a_read_only_folder_is_reported_and_ignored(monkeypatch) -> None:
    path = damaged_database()

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)  # root ignores a read-only folder; the refusal is what matters
    catalog = Catalog()
    assert catalog.gpu("h100-sxm5-80gb").memory_gib == 80
    assert any("could not be moved aside" in m for m in catalog.messages)
    assert path.exists()
    with pytest.raises(CatalogWriteError):
        catalog.save_user_row("gpus", MY_GPU)


def test_twenty_simultaneous_commands_on_a_damaged_database_all_succeed(tmp_path: Path) -> None:
    path = damaged_database()
    [outcomes] = run_together([(path.parent, [["catalog", "gpus", "--format", "json"]] * 20)], tmp_path)
    assert [code for code, _, _ in outcomes] == [0] * 20, [err for _, _, err in outcomes if err][:2]
    assert all(json.loads(out) for _, out, _ in outcomes)
    kept = list(path.parent.glob("overrides.db.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")


def test_bad_cells_skip_only_what_is_bad() -> None:
    catalog = Catalog()
    catalog.save_user_row("gpus", MY_GPU)
    catalog.save_user_row("gpus", {**MY_GPU, "id": "my-other-gpu"})
    path = user_overrides_path()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE gpus SET memory_gib = 'lots' WHERE id = 'my-other-gpu'")
    connection.execute("INSERT INTO gpus (id, vendor, model, segment, source) VALUES (NULL, 'x', 'y', "
                       "'datacenter', 's')")
    connection.commit()
    connection.close()
    fresh = Catalog()
    assert fresh.gpu("my-gpu").model == "Acme X1"  # the good row loads
    ids = {row["id"] for row in fresh.rows("gpus")}
    assert "my-other-gpu" not in ids and None not in ids
    notes = " | ".join(fresh.messages)
    assert "Skipped your gpus entry my-other-gpu: memory_gib must be a number" in notes
    assert "Skipped your gpus entry #" in notes


def test_a_database_with_columns_this_version_never_wrote_is_set_aside_never_rewritten() -> None:
    """A valid SQLite file whose servers table is someone else's (name, colour) was altered in place, the user's
    bytes gone: it is moved aside whole, like any damaged file, and a new one is started."""
    catalog = Catalog()
    catalog.save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE servers")
    connection.execute("CREATE TABLE servers (name TEXT, colour TEXT)")
    connection.execute("INSERT INTO servers VALUES ('a', 'b')")
    connection.execute("PRAGMA user_version = 1")  # an older version: once, migrated by ALTER TABLE in place
    connection.commit()
    connection.close()
    original = path.read_bytes()
    fresh = Catalog()
    kept = list(path.parent.glob("overrides.db.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert fresh.rows("servers")  # the bundled servers are still there
    assert "columns this version never wrote: name, colour" in " | ".join(fresh.messages)
    fresh.save_user_row("gpus", MY_GPU)  # a new database, never the set-aside one
    assert kept[0].read_bytes() == original


def test_estimate_and_plan_print_the_catalog_notes(tmp_path: Path) -> None:
    damaged_database()
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(SCENARIO))
    first = run_cli("estimate", str(scenario), "--format", "json")
    assert first.returncode == 0 and "gpuplanner: note: Your catalog edits database was damaged" in first.stderr
    damaged_database()
    second = run_cli("plan", str(scenario), "--format", "json", "--top", "1")
    assert second.returncode == 0 and "gpuplanner: note:" in second.stderr and "moved to" in second.stderr
    assert json.loads(second.stdout)["plans"]


def test_a_bundled_catalog_with_wrong_columns_is_a_broken_install(tmp_path: Path) -> None:
    broken = tmp_path / "catalog.db"
    shutil.copyfile(bundled_catalog_path(), broken)
    connection = sqlite3.connect(broken)
    connection.execute("ALTER TABLE models DROP COLUMN layers")
    connection.commit()
    connection.close()
    with pytest.raises(CatalogError, match="models lacks layers"):
        Catalog(bundled_path=broken)


def test_a_full_disk_in_the_catalog_editor_keeps_the_form_and_says_why(qtbot, monkeypatch) -> None:
    from gpuplanner.ui.catalog_editor import CatalogEntryDialog

    catalog = Catalog()
    dialog = CatalogEntryDialog(catalog, "gpus")
    qtbot.addWidget(dialog)
    for column, value in MY_GPU.items():
        dialog.edits[column].setText(value)
    real_connect = sqlite3.connect

    class FullDisk:
        def __init__(self, *args, **kwargs) -> None:
            self.inner = real_connect(*args, **kwargs)

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def execute(self, sql, *args):
            if sql == "COMMIT":  # where SQLite writes the pages out and finds no room
                raise sqlite3.OperationalError("database or disk is full")
            return self.inner.execute(sql, *args)

    monkeypatch.setattr(store.sqlite3, "connect", FullDisk)
    dialog.save()
    assert dialog.result() == 0  # still open, with everything typed
    assert dialog.edits["model"].text() == "Acme X1"
    assert "not saved (database or disk is full)" in dialog.message.text()
    monkeypatch.setattr(store.sqlite3, "connect", real_connect)
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted and Catalog().gpu("my-gpu").model == "Acme X1"


def test_unreadable_settings_fall_back_to_defaults(qtbot, private_user_data) -> None:
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    path = private_user_data / "settings.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[General]\nversion=abc\nui/language=zh_CN\n")
    settings = AppSettings()
    assert settings.language() == "" and settings.messages and "could not be read" in settings.messages[0]
    assert list(path.parent.glob("settings.ini.unreadable-*"))  # the user's file is kept
    window = MainWindow(Catalog(), settings)  # the app starts
    qtbot.addWidget(window)
    assert "could not be read" in window.notices.label.text()  # kept in view until dismissed


def test_autosave_failures_reach_the_user_once(qtbot, private_user_data, message_boxes) -> None:
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    settings = AppSettings()
    settings.session_path.mkdir(parents=True)  # a folder where the file should be: every write fails
    window = MainWindow(Catalog(), settings)
    qtbot.addWidget(window)
    window.autosave()
    window.autosave()
    assert message_boxes.shown == []  # no modal box (at start it held the window back before it showed)
    assert window.notices.label.text().count("Autosave failed") == 1  # once per failing streak, kept in view
    assert "Autosave failed" in window.status.text() and "Save as" in window.status.text()
    window.close_without_asking = True
    window.close()


def test_notices_of_set_aside_data_stay_in_the_window_until_dismissed(qtbot, private_user_data) -> None:
    """A damaged catalog edits database (set aside) and an autosave.json that is a folder: the window opens with no
    modal box in the way, both notices stay on screen through the next estimate (the status line's 'Estimating…'
    replaced them before the first paint), and Dismiss clears them."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings
    from tests.conftest import close_window

    damaged_database()
    settings = AppSettings()
    settings.session_path.mkdir(parents=True)
    window = MainWindow(Catalog(), settings)
    qtbot.addWidget(window)
    window.restore_session()  # as the app does at start, before the window shows
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    text = window.notices.label.text()
    assert window.notices.isVisible() and "moved to" in text and "could not be restored" in text
    assert settings.session_path.is_dir()  # left as it is
    qtbot.mouseClick(window.notices.dismiss_button, Qt.MouseButton.LeftButton)
    assert not window.notices.isVisible()
    close_window(window)


# One interpreter loads the modules once, then forks a process per command: a round's processes are released in
# the same millisecond, each a program of its own (its own SQLite connections and file locks) entered as `python -m
# gpuplanner` enters it. Starting an interpreter per command cost 26 s of CPU for the twenty pairs of imports below;
# the sub-commands every command's parser imports (cli.main.build_parser) are loaded here too, ~0.12 s a command.
AT_ONCE = textwrap.dedent("""
    import json, os, sys, time
    import sqlite_utils
    import gpuplanner.__main__
    import gpuplanner.catalog.quotes
    import gpuplanner.cli.main
    import gpuplanner.cli.calibrate_logs, gpuplanner.cli.calibration, gpuplanner.cli.estimate, gpuplanner.cli.plan

    def command(argv, folder, log, go, ready):
        os.environ["GPUPLANNER_DATA_DIR"] = folder
        for fd, suffix in ((1, ".out"), (2, ".err")):
            os.dup2(os.open(log + suffix, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
        os.write(ready, b"r")
        while not os.path.exists(go):
            time.sleep(0.0005)
        sys.argv = ["gpuplanner", *argv]
        try:
            code = gpuplanner.__main__.main()
        except SystemExit as ended:
            code = ended.code if isinstance(ended.code, int) else 1
        except BaseException:
            import traceback
            traceback.print_exc()
            code = 1
        gpuplanner.__main__.end_now(code)
        os._exit(code)

    codes = []
    for go, folder, commands, logs in json.loads(sys.argv[1]):
        ready, told = os.pipe()
        children = []
        for argv, log in zip(commands, logs):
            child = os.fork()
            if child == 0:
                os.close(ready)
                command(argv, folder, log, go, told)
            children.append(child)
        os.close(told)
        got = b""
        while len(got) < len(children) and (chunk := os.read(ready, 64)):
            got += chunk
        os.close(ready)
        open(go, "w").close()
        codes.append([os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) for child in children])
    print(json.dumps(codes))
""")


def run_together(rounds: list[tuple[Path, list[list[str]]]], scratch: Path) -> list[list[tuple[int, str, str]]]:
    """Per round (a user-data folder, its commands), each command in a process of its own on that folder, all of a
    round released in the same millisecond (their modules loaded first), the rounds one after another: (exit code,
    stdout, stderr) of each command."""
    plan, logs = [], []
    for n, (folder, commands) in enumerate(rounds):
        names = [str(scratch / f"round-{n}-command-{i}") for i in range(len(commands))]
        plan.append([str(scratch / f"go-{n}"), str(folder), commands, names])
        logs.append(names)
    done = subprocess.run([sys.executable, "-c", AT_ONCE, json.dumps(plan)], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return [[(code, Path(log + ".out").read_text(encoding="utf-8"), Path(log + ".err").read_text(encoding="utf-8"))
             for code, log in zip(codes, names, strict=True)]
            for codes, names in zip(json.loads(done.stdout), logs, strict=True)]


def test_two_quote_imports_at_once_into_a_new_folder_both_succeed(tmp_path: Path) -> None:
    """Two imports at once into a user-data folder with no database yet both succeed and both quotes are stored: a
    transaction that reads before it asks for the write lock is refused "database is locked" at once while another
    program holds it. Twenty pairs of processes, released together."""
    header = "item,unit_price,currency,date,note\n"
    quotes = [tmp_path / "a.csv", tmp_path / "b.csv"]
    quotes[0].write_text(header + "dgx-h100,289000,USD,2026-11-20,Reseller A\n", encoding="utf-8")
    quotes[1].write_text(header + "servers:dgx-b200,400000,USD,2026-11-25,Reseller B\n", encoding="utf-8")
    folders = [tmp_path / f"user-{pair}" for pair in range(20)]
    rounds = run_together([(folder, [["import-quote", str(quote)] for quote in quotes]) for folder in folders],
                          tmp_path)
    failures = [err for outcomes in rounds for code, _, err in outcomes if code != 0]
    assert failures == []
    for folder in folders:
        connection = sqlite3.connect(folder / "overrides.db")
        stored = dict(connection.execute("SELECT id, price_usd FROM servers").fetchall())
        connection.close()
        assert stored == {"dgx-h100": 289000.0, "dgx-b200": 400000.0}, folder


def test_two_programs_opening_an_older_database_at_once_migrate_it_once(tmp_path: Path) -> None:
    """Both programs found the older schema and added its new columns; the second's ALTER TABLE failed
    ("duplicate column name") and it set the user's edits aside for the run. The columns are now read under the
    write lock."""
    folders = [tmp_path / f"user-{pair}" for pair in range(10)]
    for folder in folders:
        env_path = folder / "overrides.db"
        Catalog(overrides_path=env_path).save_user_row("gpus", MY_GPU)
        connection = sqlite3.connect(env_path)
        for column in ("expert_groups", "expert_groups_per_token"):
            connection.execute(f"ALTER TABLE models DROP COLUMN {column}")
        connection.execute("PRAGMA user_version = 5")
        connection.commit()
        connection.close()
    rounds = run_together([(folder, [["catalog", "gpus", "--format", "json"]] * 2) for folder in folders], tmp_path)
    problems = [err for outcomes in rounds for code, _, err in outcomes if code != 0 or "cannot be read now" in err]
    for folder in folders:
        env_path = folder / "overrides.db"
        connection = sqlite3.connect(env_path)
        columns = [row[1] for row in connection.execute("PRAGMA table_info(models)")]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        connection.close()
        assert columns.count("expert_groups") == 1 and version == store.SCHEMA_VERSION
    assert problems == []


def test_a_write_waits_out_another_programs_write_lock_held_longer_than_a_read_waits() -> None:
    """Another program writing for 3 s (programs queued ahead of this one, on a busy machine) is waited out: the
    edit is stored, not refused "database is locked" after the 2 s a read waits."""
    import threading

    Catalog().save_user_row("gpus", MY_GPU)
    holder = sqlite3.connect(user_overrides_path(), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(3.0, lambda: holder.execute("ROLLBACK"))
    release.start()
    try:
        Catalog().save_user_row("gpus", {**MY_GPU, "model": "Acme X2"})
    finally:
        release.join()
        holder.close()
    assert Catalog().gpu("my-gpu").model == "Acme X2"


def test_the_write_lock_is_not_held_while_the_writers_library_loads(monkeypatch) -> None:
    """A program that imports a quote loads sqlite_utils (up to a second on a busy machine) before it takes the
    write lock: twelve imports at once on a 2-core machine under load refused two to seven "database is locked"
    when each held the lock through that import."""
    Catalog().save_user_row("gpus", MY_GPU)
    path = user_overrides_path()
    locked_while_loading: list[bool] = []

    class Probe:
        """Asks for the write lock, without waiting, at the moment sqlite_utils is imported."""

        def find_spec(self, name: str, *_: object) -> None:
            if name == "sqlite_utils":
                other = sqlite3.connect(path, timeout=0, isolation_level=None)
                try:
                    other.execute("BEGIN IMMEDIATE")
                    other.execute("ROLLBACK")
                    locked_while_loading.append(False)
                except sqlite3.OperationalError:
                    locked_while_loading.append(True)
                finally:
                    other.close()

    for module in [m for m in sys.modules if m == "sqlite_utils" or m.startswith("sqlite_utils.")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(sys, "meta_path", [Probe(), *sys.meta_path])
    Catalog().save_user_row("gpus", {**MY_GPU, "model": "Acme X2"})
    assert locked_while_loading == [False]
    assert Catalog().gpu("my-gpu").model == "Acme X2"
