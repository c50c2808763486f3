"""Reading a scenario file: the edge where outside bytes come in (results leave through core.results.export).

A scenario file is a regular file of at most 1 MB, UTF-8 JSON, with finite numbers and well-formed text; a FIFO,
a device or a path with a NUL is refused at once (never read, never waited on)."""

from __future__ import annotations

import json
import math
import os
import stat

from gpuplanner.core.base.errors import InputError

MAX_SCENARIO_BYTES = 1 << 20  # a real scenario is a few hundred bytes


def regular_file_size(path: str, field: str) -> int:
    """The size of the regular file at `path`; a missing file, a bad name, a folder, a FIFO or a device is an
    InputError naming `field` (refused before anything is opened, so nothing waits on it)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(field, "file not found: {path}", path=path) from None
    except ValueError:  # an embedded NUL
        raise InputError(field, "the file name contains a NUL character") from None
    except OSError as exc:
        raise InputError(field, "cannot read {path}: {exc}", path=path, exc=exc.strerror or exc) from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(field, "{path} is not a regular file (a folder, pipe or device)", path=path)
    return info.st_size


def read_text_capped(path: str, field: str) -> str:
    """A regular UTF-8 file of at most 1 MB, as text; anything else is an InputError naming `field`."""
    size = regular_file_size(path, field)
    if size > MAX_SCENARIO_BYTES:
        raise InputError(field, "{path} is {value:.1f} MB; at most 1 MB is read", path=path, value=size / 1e6)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_SCENARIO_BYTES + 1)  # capped, whatever the size said
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(field, "{path} is not UTF-8 text", path=path) from None
    except OSError as exc:
        raise InputError(field, "cannot read {path}: {exc}", path=path, exc=exc.strerror or exc) from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise InputError(field, "{path} is over 1 MB; at most 1 MB is read", path=path)
    return text


def load_scenario_json(path: str) -> object:
    text = read_text_capped(path, "scenario")
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except InputError:
        raise
    except json.JSONDecodeError as exc:
        raise InputError("scenario", "not valid JSON: {msg} at line {lineno} column {colno}",
                         msg=exc.msg, lineno=exc.lineno, colno=exc.colno) from None
    except RecursionError:
        raise InputError("scenario", "JSON nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise InputError("scenario", "holds a number with too many digits") from None
    _check_text(data, "")
    return data


def _reject_constant(name: str) -> float:
    raise InputError("scenario", "{name} is not a number JSON allows", name=name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError("scenario", "the number {text} is too large", text=text[:24])
    return value


def _check_text(value: object, path: str) -> None:
    """Reject strings that cannot be printed or stored: lone UTF-16 surrogates (\\ud800 in JSON)."""
    if isinstance(value, str):
        if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
            raise InputError(path or "scenario", "contains an invalid character (a lone UTF-16 surrogate)")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, path or "scenario")
            _check_text(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for item in value:
            _check_text(item, path)
