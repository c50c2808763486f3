"""Read the catalog: the bundled read-only `catalog.db` merged with the user's own overrides database.

The user's rows (same id) replace bundled rows; new ids are added. The bundled file is never written.
The user's database is the user's data, so it is handled with care:
- it is opened read-write first, so SQLite rolls back a journal left by a crash mid-save;
- locked by another program, unreadable (permissions), or in a read-only folder with a journal to recover: it
  "cannot be read now" — it is left exactly where it is and the bundled catalog is used;
- only when SQLite says the file itself is damaged is it moved aside, atomically, under a unique name (with its
  journal), and a fresh one started; a newer schema is left untouched and ignored;
- a table with the wrong columns, or a row with a bad cell, is skipped with a note naming it; the rest loads.
Every such event is one note in `Catalog.messages` (English text that carries its translation template).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from gpuplanner.catalog.build import create_tables, parse_cell
from gpuplanner.catalog.fabrics import (
    check_fabric_row,
    check_pcie_busbw_share,
    fabric_from_link_text,
    fabric_from_row,
)
from gpuplanner.catalog.schema import (
    BOOL,
    REQUIRED,
    SCHEMA_VERSION,
    TABLES,
    Cell,
    Row,
    sqlite_type,
    whole,
    whole_or_none,
)
from gpuplanner.core.base.errors import CancelledError, InputError
from gpuplanner.core.base.messages import Bilingual, Message, msg
from gpuplanner.core.base.records import record
from gpuplanner.core.cost.cost import oldest_price_day
from gpuplanner.core.hardware.fabric import ScaleUpFabric
from gpuplanner.core.hardware.hardware import GPU, MEASURED_PRECISIONS, Segment, sustained_gemm_shares
from gpuplanner.core.images.unet import UNET_EFFICIENCY
from gpuplanner.core.images.vision import CONV_EFFICIENCY, ImageModel, ImagePreset
from gpuplanner.core.models.model import ARCH_FIELDS, ModelArch
from gpuplanner.paths import bundled_catalog_path, user_overrides_path

WRITE_CHUNK = 1000  # rows per executemany in a batch write: how often its progress is told
BUSY_WAIT_S = 2.0  # how long a read waits for another program's write lock before giving up for this run
# How long a write queues for the write lock: each writer ahead holds it for its own write, 0.1-0.6 s on a loaded
# 2-core machine (12 imports at once, load 20: the last waited 2.3 s), so the read's 2 s refused the last in line.
WRITE_WAIT_S = 10.0
COMPANIONS = ("-journal", "-wal", "-shm")  # SQLite's side files that belong with the database



class CatalogError(RuntimeError):
    """The bundled catalog itself cannot be read: the installation is broken."""


@record
class _Health:
    state: str  # "ok" | "older" | "newer" | "unavailable" (cannot be read now) | "damaged"
    reason: str = ""


@dataclass
class Catalog:
    bundled_path: Path = field(default_factory=bundled_catalog_path)
    overrides_path: Path | None = field(default_factory=user_overrides_path)
    messages: list[str] = field(default_factory=list)
    _overrides_usable: bool = False
    # Merged rows by table, with the files' version they were read at (_files_version): a plan reads the same tables
    # several times, and the GUI re-plans on every edit.
    _rows_cache: dict[str, tuple[tuple[object, ...], list[Row]]] = field(default_factory=dict, repr=False,
                                                                        compare=False)
    _writes: int = field(default=0, repr=False, compare=False)  # this process's writes (version())
    # The GPUs with their sustained GEMM shares (worked out over all of them), by id, at the catalog's version.
    _gpus_cache: tuple[tuple[object, ...], dict[str, GPU]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.bundled_path.exists():
            raise CatalogError(f"bundled catalog not found at {self.bundled_path}")
        self._check_bundled_schema()
        if self.overrides_path is not None:
            self._overrides_usable = self._prepare_overrides(self.overrides_path)

    def note(self, message: Message) -> None:
        """Record a note once (reading the same bad row twice says it once)."""
        if message not in self.messages:
            self.messages.append(message)

    def _check_bundled_schema(self) -> None:
        """A bundled catalog without the columns this version reads is a broken installation, not bad input."""
        try:
            with self._connect(self.bundled_path) as connection:
                for table, columns in TABLES.items():
                    present = {r[1] for r in connection.execute(f"PRAGMA table_info({table})")}
                    missing = [name for name, _ in columns if name not in present]
                    if missing:
                        raise CatalogError(f"bundled catalog {self.bundled_path}: table {table} lacks "
                                           f"{', '.join(missing[:5])}; reinstall GPU Planner")
        except sqlite3.DatabaseError as exc:
            raise CatalogError(f"bundled catalog {self.bundled_path} is unreadable: {exc}") from exc

    # --- user database health -----------------------------------------------------------------------
    def _prepare_overrides(self, path: Path) -> bool:
        if not path.exists():
            return True  # created on first write
        health = _overrides_health(path)
        if health.state == "ok":
            return True
        if health.state == "older":
            try:
                _migrate_overrides(path)
            except sqlite3.Error as exc:
                self.note(msg("Your catalog edits in {path} cannot be read now ({reason}); the bundled catalog is "
                              "used and your file is left as it is.", path=str(path), reason=str(exc)))
                return False
            return True
        if health.state == "newer":
            self.note(msg("Your catalog edits in {path} were saved by a newer GPU Planner; they are left untouched "
                          "and not used by this version.", path=str(path)))
            return False
        if health.state == "unavailable":
            self.note(msg("Your catalog edits in {path} cannot be read now ({reason}); the bundled catalog is "
                          "used and your file is left as it is.", path=str(path), reason=health.reason))
            return False
        moved = _set_aside(path)
        if moved is None:  # another GPU Planner moved it in the same moment
            self.note(msg("Your catalog edits database was damaged ({reason}) and has been set aside; a new one "
                          "will be started. The bundled catalog is in use.", reason=health.reason))
            return True
        if isinstance(moved, OSError):
            self.note(msg("Your catalog edits database {path} is damaged ({reason}) and could not be moved aside "
                          "({error}); it is left as it is and not used.", path=str(path), reason=health.reason,
                          error=moved.strerror or str(moved)))
            return False
        self.note(msg("Your catalog edits database was damaged ({reason}); it was moved to {aside} and a new one "
                      "will be started. The bundled catalog is in use.", reason=health.reason, aside=str(moved)))
        return True

    # --- reading ------------------------------------------------------------------------------------
    def _connect(self, path: Path) -> sqlite3.Connection:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_WAIT_S)
        connection.row_factory = sqlite3.Row
        return connection

    def _files_version(self) -> tuple[object, ...]:
        """Changes whenever either database's contents may have: each file's and side file's identity, size and
        modification time, and SQLite's file change counter (header bytes 24-27, bumped by every committed write
        in rollback-journal mode, so two writes within one timestamp tick still differ)."""
        paths = [self.bundled_path]
        if self._overrides_usable and self.overrides_path is not None:
            paths += [self.overrides_path, *(Path(f"{self.overrides_path}{s}") for s in COMPANIONS)]
        version: list[object] = [self._overrides_usable]
        for path in paths:
            try:
                with open(path, "rb") as handle:
                    stat = os.fstat(handle.fileno())
                    header = handle.read(28)[24:28]
            except OSError:
                version.append(None)
                continue
            version.append((stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, header))
        return tuple(version)

    def version(self) -> tuple[object, ...]:
        """Changes whenever what the catalog reads may have (its files, or a write of this process)."""
        return (self._writes, *self._files_version())

    def rows(self, table: str) -> list[Row]:
        """Merged rows of a table, sorted by id, each with an `origin` of "bundled" or "user" (fresh copies: read
        again only when a database has changed since)."""
        if table not in TABLES:
            raise KeyError(table)
        version = self._files_version()
        cached = self._rows_cache.get(table)
        if cached is None or cached[0] != version:
            cached = (version, self._read_rows(table))
            self._rows_cache[table] = cached
        return [dict(row) for row in cached[1]]

    def _read_rows(self, table: str) -> list[Row]:
        merged: dict[str, Row] = {}
        try:
            with self._connect(self.bundled_path) as connection:
                connection.row_factory = None  # plain tuples, named once (each row as sqlite3.Row took twice as long)
                cursor = connection.execute(f"SELECT * FROM {table}")
                names = [column[0] for column in cursor.description]
                at = names.index("id")
                for values in cursor:
                    merged[values[at]] = {**dict(zip(names, values, strict=True)), "origin": "bundled"}
        except sqlite3.DatabaseError as exc:
            raise CatalogError(f"bundled catalog {self.bundled_path} is unreadable: {exc}") from exc
        for row in self._user_rows(table):
            merged[str(row["id"])] = {**row, "origin": "user"}
        return [merged[key] for key in sorted(merged)]

    def _user_rows(self, table: str) -> list[Row]:
        """The user's valid rows of a table; bad rows and mis-shaped tables are skipped with a note."""
        path = self.overrides_path
        if not self._overrides_usable or path is None or not path.exists():
            return []
        known = {name for name, _ in TABLES[table]}
        try:
            with self._connect(path) as connection:
                present = [r[1] for r in connection.execute(f"PRAGMA table_info({table})")]
                if not present:
                    return []
                if "id" not in present or not set(REQUIRED[table]) <= set(present):
                    self.note(msg("The table {table} in your catalog edits has columns this version cannot use; "
                                  "it is skipped.", table=table))
                    return []
                columns = ", ".join(c for c in present if c in known)
                raw_rows = [dict(r) for r in connection.execute(f"SELECT rowid AS _rowid, {columns} FROM {table}")]
        except sqlite3.DatabaseError as exc:
            self.note(msg("Your catalog edits could not be read now ({reason}); using the bundled catalog.",
                          reason=str(exc)))
            return []
        rows = []
        for raw in raw_rows:
            rowid = raw.pop("_rowid")
            try:
                rows.append(validated_row(table, raw))
            except InputError as exc:
                self.note(msg("Skipped your {table} entry {row}: {field} {problem}", table=table,
                              row=str(raw.get("id") or f"#{rowid}"), field=exc.field.split(".", 1)[-1],
                              problem=exc.message))
        return rows

    def row(self, table: str, row_id: str) -> Row:
        for row in self.rows(table):
            if row["id"] == row_id:
                return row
        raise InputError(f"{table}.id", "unknown id {row_id!r}; see `gpuplanner catalog {table}`",
                         row_id=row_id, table=table)

    def as_of(self) -> str:
        """The newest date among the catalog's prices and specs."""
        dates = [str(row.get("as_of") or "") for table in ("gpus", "servers", "cloud_instances")
                 for row in self.rows(table)]
        return max((d for d in dates if d), default="")

    def _gpus_by_id(self) -> dict[str, GPU]:
        """Every GPU, its sustained GEMM share worked out against the others of its architecture; built again only
        when the catalog has changed (GPU records are immutable, so callers share them)."""
        version = self.version()
        if self._gpus_cache is None or self._gpus_cache[0] != version:
            fabrics = self.scale_up_fabrics()
            gpus = [gpu_from_row(row, self._fabric_of(row, fabrics)) for row in self.rows("gpus")]
            shares = sustained_gemm_shares(gpus)
            self._gpus_cache = (version, {gpu.id: replace(gpu, sustained_gemm_share=shares[gpu.id])
                                          if gpu.id in shares else gpu for gpu in gpus})
        return self._gpus_cache[1]

    def scale_up_fabrics(self) -> dict[str, ScaleUpFabric]:
        """The fabrics table's scale-up fabrics (the rows that state a domain), by id."""
        return {fabric.id: fabric for row in self.rows("fabrics") if (fabric := fabric_from_row(row)) is not None}

    def _fabric_of(self, row: Row, fabrics: dict[str, ScaleUpFabric]) -> ScaleUpFabric | None:
        """The scale-up fabric a GPU row names; a user's row that names none keeps the one its link text gave
        (catalog.fabrics); one that names an id the fabrics table lacks is noted and planned over PCIe."""
        fabric_id = str(row.get("fabric") or "")
        if not fabric_id:
            return fabric_from_link_text(str(row.get("interconnect") or "")) if row.get("origin") == "user" else None
        fabric = fabrics.get(fabric_id)
        if fabric is None:
            self.note(msg("The GPU {gpu} names the scale-up fabric {fabric}, which the fabrics table does not state; "
                          "it is planned over PCIe only.", gpu=str(row["id"]), fabric=fabric_id))
        return fabric

    def gpus(self) -> list[GPU]:
        return list(self._gpus_by_id().values())

    def gpu(self, gpu_id: str) -> GPU:
        gpu = self._gpus_by_id().get(gpu_id)
        if gpu is None:
            raise InputError("hardware.gpu", "unknown GPU id {gpu_id!r}; see `gpuplanner catalog gpus`",
                             gpu_id=gpu_id)
        return gpu

    def model(self, model_id: str) -> ModelArch:
        try:
            row = self.row("models", model_id)
        except InputError:
            raise InputError("model.preset", "unknown preset {model_id!r}; see `gpuplanner catalog models`",
                             model_id=model_id) from None
        return model_from_row(row)

    def image_model(self, model_id: str) -> ImagePreset:
        """An image-model preset: a transformer (ViT, DiT) or a parameters-and-FLOPs model (CNN, U-Net)."""
        try:
            row = self.row("models", model_id)
        except InputError:
            raise InputError("model.preset", "unknown preset {model_id!r}; see `gpuplanner catalog models`",
                             model_id=model_id) from None
        if row["kind"] not in ("cnn", "vit", "diffusion"):
            raise InputError("model.preset", "{model_id} is a {kind} model, not an image model",
                             model_id=model_id, kind=row['kind'])
        resolution = int(row.get("resolution") or 224)
        if row.get("layers") is not None:
            return ImagePreset(transformer=model_from_row(row), tokens_at_base=whole(row["max_seq_len"]),
                               base_resolution=resolution, image_model=None)
        diffusion = row["kind"] == "diffusion"  # trains as a U-Net: its own efficiency and published runs
        return ImagePreset(transformer=None, tokens_at_base=None, base_resolution=resolution, image_model=ImageModel(
            name=str(row["name"]), params=float(row["params"] or 0.0),
            gflops_fwd_per_sample=_float(row.get("gflops_fwd_per_sample")) or 0.0, base_resolution=resolution,
            activation_mib_per_sample=_float(row.get("activation_mib_per_sample")) or 0.0,
            math_efficiency=UNET_EFFICIENCY if diffusion else CONV_EFFICIENCY, unet=diffusion))

    # --- writing the user's own entries -------------------------------------------------------------
    def save_user_row(self, table: str, values: Row) -> Row:
        """Validate and store one user row (insert or replace by id). Returns the stored row."""
        if self.overrides_path is None or not self._overrides_usable:
            raise CatalogWriteError(msg("Your catalog edits cannot be saved in this session (see the note about "
                                        "your edits database)."))
        row = validated_new_row(table, values)
        self._write(lambda connection: _upsert(connection, table, row))
        return row

    def save_user_rows(self, rows: list[tuple[str, Row]],
                       progress: Callable[[int, int], bool] | None = None) -> None:
        """Validate every (table, row) first, then store them all in one transaction (all or nothing), one
        executemany per table and chunk; `progress(done, total)` is told after each chunk, and its False rolls the
        transaction back (CancelledError)."""
        if self.overrides_path is None or not self._overrides_usable:
            raise CatalogWriteError(msg("Your catalog edits cannot be saved in this session (see the note about "
                                        "your edits database)."))
        by_table: dict[str, list[Row]] = {}
        for table, values in rows:
            by_table.setdefault(table, []).append(validated_new_row(table, values))

        def store(connection: sqlite3.Connection) -> None:
            _create_missing_tables(connection)
            done = 0
            for table, table_rows in by_table.items():
                columns = [name for name, _ in TABLES[table]]
                updates = ", ".join(f"{name} = excluded.{name}" for name in columns if name != "id")
                statement = (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
                             f"ON CONFLICT(id) DO UPDATE SET {updates}")
                for start in range(0, len(table_rows), WRITE_CHUNK):
                    chunk = table_rows[start:start + WRITE_CHUNK]
                    connection.executemany(statement, [[row[name] for name in columns] for row in chunk])
                    done += len(chunk)
                    if progress is not None and not progress(done, len(rows)):
                        raise CancelledError()  # leaves `with connection` by rolling back

        self._write(store)

    def delete_user_row(self, table: str, row_id: str) -> None:
        if self.overrides_path is None or not self.overrides_path.exists() or not self._overrides_usable:
            return
        self._write(lambda connection: connection.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,)))

    def _write(self, change: Callable[[sqlite3.Connection], object]) -> None:
        """One transaction on the user's database; a failure (full disk, lock, permissions) changes nothing and
        says why."""
        assert self.overrides_path is not None
        self._rows_cache.clear()  # this process's own writes are read back whatever the files' version says
        try:
            self.overrides_path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.overrides_path, timeout=WRITE_WAIT_S, isolation_level=None)
            try:
                _in_write_transaction(connection, change)
            finally:
                connection.close()
        except (sqlite3.Error, OSError) as exc:
            raise CatalogWriteError(msg("Your catalog edit was not saved ({reason}); nothing was changed.",
                                        reason=str(exc))) from exc
        finally:
            self._rows_cache.clear()
            self._writes += 1


class CatalogWriteError(RuntimeError):
    """The user's catalog edit could not be stored; `.message` says why (translatable)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def _in_write_transaction(connection: sqlite3.Connection, change: Callable[[sqlite3.Connection], object]) -> None:
    """Run `change` in one transaction that holds the write lock from its first statement (BEGIN IMMEDIATE), so
    two programs writing at once queue on the busy timeout. A deferred BEGIN reads first (does the schema exist?)
    and then asks to upgrade its read lock to a write lock; when another program holds the write lock, SQLite
    refuses that upgrade at once, without waiting ("database is locked"), as waiting could deadlock. The writers'
    library is loaded before the lock is taken: its import takes up to a second on a busy machine, and programs
    queued behind a lock held that long would give up (WRITE_WAIT_S)."""
    import sqlite_utils  # noqa: F401  (only to write: reading needs sqlite3 alone)

    connection.execute("BEGIN IMMEDIATE")
    try:
        change(connection)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _create_missing_tables(connection: sqlite3.Connection) -> None:
    """The schema's tables the user's database lacks (all of them in a new one, which is marked with its version)."""
    import sqlite_utils  # only to write: reading needs sqlite3 alone

    db = sqlite_utils.Database(connection)
    present = set(db.table_names())
    if not present:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    if not set(TABLES) <= present:
        create_tables(db)


def _upsert(connection: sqlite3.Connection, table: str, row: Row) -> None:
    import sqlite_utils  # only to write: reading needs sqlite3 alone

    db = sqlite_utils.Database(connection)
    if not db.table_names():
        create_tables(db)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.table(table).upsert(row, pk="id")


def _overrides_health(path: Path) -> _Health:
    """Open the user's database read-write (so SQLite recovers a journal a crash left) and check it."""
    if not os.access(path, os.R_OK):
        return _Health("unavailable", "no permission to read it")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=BUSY_WAIT_S)
        try:
            check = connection.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                return _Health("damaged", f"integrity check: {check}")
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                return _Health("newer")
            foreign = _foreign_table(connection)
            if foreign is not None:  # never altered or written into: set aside, its bytes kept
                return _Health("damaged", foreign)
            if 0 < version < SCHEMA_VERSION:
                return _Health("older")
        finally:
            connection.close()
    except sqlite3.OperationalError as exc:  # locked, busy, read-only, cannot open: the file may be fine
        if not path.exists():
            return _Health("ok")  # set aside by another GPU Planner meanwhile
        return _Health("damaged" if "malformed" in str(exc) else "unavailable", str(exc))
    except sqlite3.DatabaseError as exc:  # "file is not a database", "database disk image is malformed"
        return _Health("damaged", str(exc))
    return _Health("ok")


def _foreign_table(connection: sqlite3.Connection) -> str | None:
    """Why a readable database is not one of ours: a table of ours whose columns this version never wrote (no id, or
    a column it does not know). None: every table of ours is a subset of this schema (an older one is migrated)."""
    for table, columns in TABLES.items():
        present = [r[1] for r in connection.execute(f"PRAGMA table_info({table})")]
        if not present:
            continue
        known = {name for name, _ in columns}
        unknown = [name for name in present if name not in known]
        if "id" not in present or unknown:
            return f"the table {table} has columns this version never wrote: {', '.join(unknown or present)}"
    return None


def _set_aside(path: Path) -> Path | OSError | None:
    """Move a damaged database and its journal to a unique name in one rename each (never copy, never delete).
    None when it was already gone (another process moved it)."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}-{os.getpid()}-{os.urandom(3).hex()}")
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc
    for suffix in COMPANIONS:  # none, or one that stays beside a database that is gone: harmless
        with contextlib.suppress(OSError):
            os.rename(path.with_name(path.name + suffix), aside.with_name(aside.name + suffix))
    return aside


def _migrate_overrides(path: Path) -> None:
    """Bring an older user database up to this schema by adding the columns it lacks (nothing is removed), the
    columns read under the write lock, so two programs migrating at once add each column once."""
    connection = sqlite3.connect(path, timeout=WRITE_WAIT_S, isolation_level=None)
    try:
        _in_write_transaction(connection, _add_missing_columns)
    finally:
        connection.close()


def _add_missing_columns(connection: sqlite3.Connection) -> None:
    import sqlite_utils  # only to write: reading needs sqlite3 alone

    db = sqlite_utils.Database(connection)
    for table, columns in TABLES.items():
        if table not in db.table_names():
            continue
        present = {column.name for column in db[table].columns}
        for name, kind in columns:
            if name not in present:
                connection.execute(f"ALTER TABLE {table} ADD COLUMN {name} {sqlite_type(kind)}")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


# Ids are lowercase slugs, as the catalog's and the scenario's (`a100-sxm4-80gb`): never markup or spaces.
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]*")


def validated_new_row(table: str, values: Row) -> Row:
    """A row the user is saving: the checks every stored row passes, and those an earlier version did not make of
    what it saved (an id that is a slug, a price date that is a date, a GPU's memory), which reading stays lenient
    about so nothing saved before is lost."""
    row = validated_row(table, values)
    if not ID_PATTERN.fullmatch(str(row["id"])):
        raise InputError(f"{table}.id", "must be lowercase letters, digits, '.', '-' or '_' (like a100-sxm4-80gb), "
                                        "got {value!r}", value=str(row["id"])[:60])
    date = row.get("price_date")
    if date and oldest_price_day(str(date)) is None and not str(date).startswith("undated"):
        raise InputError(f"{table}.price_date", "must be a date (2026-11-30, 2026-11 or 2026), two dates for a price "
                                                "no older than the first (2026-05-07/2026-12-04) or start with "
                                                "'undated', got {value!r}", value=str(date)[:60])
    if table == "gpus" and row.get("memory_gib") is None:
        raise InputError("gpus.memory_gib", "must not be empty: no plan can be sized without the GPU's memory")
    return row


def validated_row(table: str, values: Row) -> Row:
    """Coerce a user's row to the table's columns; raises InputError naming the field."""
    columns = TABLES[table]
    unknown = set(values) - {name for name, _ in columns} - {"origin"}
    if unknown:
        raise InputError(f"{table}.{sorted(unknown)[0]}", "is not a column of this table")
    row: Row = {}
    for name, kind in columns:
        raw = values.get(name)
        try:
            row[name] = parse_cell(table, name, kind, "" if raw is None else str(raw), "your entry")
        except ValueError as exc:
            raise InputError(f"{table}.{name}", "must be yes or no, got {value!r}" if kind == BOOL
                             else "must be a number, got {value!r}", value=str(raw)[:60]) from exc
        value = row[name]
        if isinstance(value, float) and (value < 0 or value != value):
            raise InputError(f"{table}.{name}", "must be zero or more")
    for name in REQUIRED[table]:
        if row[name] in (None, ""):
            raise InputError(f"{table}.{name}", "must not be empty")
    if table == "gpus" and row["segment"] not in {s.value for s in Segment}:
        raise InputError("gpus.segment", "must be datacenter, workstation or consumer")
    if table == "fabrics":
        check_fabric_row(row)
    if table == "gpus":
        check_pcie_busbw_share(row)
    return row


def _float(value: Cell) -> float | None:
    return None if value is None else float(value)


def _named(row: Row, column: str) -> str:
    """A name as the catalog writes it, carrying the vendor's own Chinese name (column + "_zh") where it has one,
    for a reader in Chinese."""
    return Bilingual(str(row[column]), {"zh_CN": str(row.get(f"{column}_zh") or "")})


def gpu_from_row(row: Row, fabric: ScaleUpFabric | None = None) -> GPU:
    tflops = {key: _float(row.get(f"{key}_tflops")) for key in ("fp32", "tf32", "bf16", "fp16", "fp8", "fp4")}
    tflops["int8"] = _float(row.get("int8_tops"))
    ecc = row.get("ecc")
    return GPU(
        id=str(row["id"]), vendor=_named(row, "vendor"), model=_named(row, "model"),
        architecture=str(row.get("architecture") or ""), form_factor=str(row.get("form_factor") or ""),
        segment=Segment(str(row["segment"])), memory_gib=_float(row.get("memory_gib")),
        memory_bandwidth_gbs=_float(row.get("memory_bandwidth_gbs")), dense_tflops=tflops,
        tdp_w=_float(row.get("tdp_w")), interconnect=str(row.get("interconnect") or ""),
        interconnect_gbs=_float(row.get("interconnect_gbs")), fabric=fabric,
        pcie_gen=whole_or_none(row.get("pcie_gen")), pcie_busbw_share=_float(row.get("pcie_busbw_share")),
        ecc=None if ecc is None else bool(ecc), mig=str(row.get("mig") or ""),
        release_year=whole_or_none(row.get("release_year")),
        price_usd_low=_float(row.get("price_usd_low")), price_usd_high=_float(row.get("price_usd_high")),
        price_cny_low=_float(row.get("price_cny_low")), price_cny_high=_float(row.get("price_cny_high")),
        price_source=str(row.get("price_source") or ""), price_date=str(row.get("price_date") or ""),
        price_confidence=str(row.get("price_confidence") or ""), source=str(row.get("source") or ""),
        confidence=str(row.get("confidence") or ""), as_of=str(row.get("as_of") or ""),
        notes=str(row.get("notes") or ""), memory_type=str(row.get("memory_type") or ""),
        max_achievable_tflops={key: _float(row.get(f"maf_{key}_tflops")) for key in MEASURED_PRECISIONS},
    )


def model_from_row(row: Row) -> ModelArch:
    if row.get("layers") is None:
        raise InputError("model.preset", "{id} is a {kind} model without a transformer architecture",
                         id=row['id'], kind=row['kind'])
    return ModelArch(
        name=str(row["name"]), layers=whole(row["layers"]), hidden=whole(row["hidden"]),
        heads=whole(row["heads"]), kv_heads=whole(row["kv_heads"]),
        ffn_hidden=whole(row["ffn_hidden"]), vocab=int(row.get("vocab") or 1),
        gated_mlp=bool(row.get("gated_mlp")), tied_embeddings=bool(row.get("tied_embeddings")),
        experts=int(row.get("experts") or 1), experts_per_token=int(row.get("experts_per_token") or 1),
        max_seq_len=whole_or_none(row.get("max_seq_len")),
        params_override=_float(row.get("params")), active_params_override=_float(row.get("active_params")),
        source=str(row.get("source") or ""),
        **{key: whole(row[key]) for key in ARCH_FIELDS if row.get(key) is not None},
    )


def format_cell(value: object) -> str:
    """How a catalog value is shown: unknown is "n/a", never a guess."""
    if value is None or value == "":
        return "n/a"
    if isinstance(value, float):  # grouped, never in exponent form ("3e+06" for a 3,000,000 USD rack)
        return f"{value:,.12g}" if abs(value) < 1e15 else f"{value:g}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10_000:
        return f"{value:,}"
    return str(value)
