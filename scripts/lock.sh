#!/usr/bin/env bash
# Refresh the hash-pinned lock files from pyproject.toml and requirements/build.in, then the shipped licence
# texts. Usage: make lock
#   requirements/app.lock  what `make run` installs (the app, its installer and build backend)
#   requirements/dev.lock  what `make test` installs (the same versions, plus the test tools and PyInstaller)
#   requirements/package.lock  what `make package` installs (the app's versions plus PyInstaller; no test tools)
# Both are resolved for every platform we ship (Linux, Windows, macOS) on Python 3.11.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools"
"$tools/bin/python" -m pip install -q --disable-pip-version-check uv==0.13.8
compile=("$tools/bin/uv" pip compile --quiet --universal --python-version 3.11 --generate-hashes --no-header
         --no-annotate --custom-compile-command "make lock")
"${compile[@]}" pyproject.toml requirements/build.in -o requirements/app.lock
"${compile[@]}" pyproject.toml requirements/build.in --extra test --extra package -c requirements/app.lock \
  -o requirements/dev.lock
"${compile[@]}" pyproject.toml requirements/build.in --extra package -c requirements/dev.lock \
  -o requirements/package.lock
# The licence texts of what the app ships follow the lock (resources/licenses/, shown in Help → About).
scripts/bootstrap.sh run
.venv/bin/python scripts/third_party_licenses.py
for lock in requirements/*.lock; do echo "wrote $lock ($(grep -c '^[a-z].*==' "$lock") packages)"; done
