#!/usr/bin/env bash
# Make the machine ready to run GPU Planner: the Debian libraries Qt needs offscreen, then a virtual
# environment with the pinned Python packages. Safe to run again: it only installs what is missing.
# Usage: scripts/bootstrap.sh [run|test]
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-run}"

debian_packages=(libgl1 libegl1 libxkbcommon0 libfontconfig1 libfreetype6 libdbus-1-3 libglib2.0-0
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxkbcommon-x11-0 fonts-wqy-microhei)
if [ "$purpose" = "test" ]; then
  debian_packages+=(poppler-utils xvfb xauth)  # PDF pages to text/PNG; a virtual display for the run-command test
fi

if command -v dpkg >/dev/null 2>&1; then
  missing=()
  for pkg in "${debian_packages[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
    missing+=(python3-venv)
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = "0" ]; then
      echo "Installing Debian packages: ${missing[*]}"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
      echo "GPU Planner needs these Debian packages. Run as root, then try again:" >&2
      echo "  apt-get install -y --no-install-recommends ${missing[*]}" >&2
      exit 1
    fi
  fi
fi

venv=.venv
lock=requirements/app.lock
extra_locks=()
if [ "$purpose" = "test" ]; then
  lock=requirements/dev.lock
  extra_locks=(requirements/probe.lock)  # PyTorch for the probe's test, where its wheels can be had
fi
stamp="$venv/.installed-$purpose"
want=$(cat "$lock" ${extra_locks[@]+"${extra_locks[@]}"} pyproject.toml | sha256sum | cut -c1-16)
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing the pinned Python packages ($lock) into $venv"
  # Every package, pip and the build backend included, comes from the hash-pinned lock (scripts/lock.sh).
  pip_install=("$venv/bin/python" -m pip install -q --disable-pip-version-check --no-input)
  "${pip_install[@]}" --require-hashes --no-deps -r "$lock"
  for extra in ${extra_locks[@]+"${extra_locks[@]}"}; do
    # The CPU build of PyTorch is pinned for x86-64 Linux with CPython 3.11 (about 0.2 GB to fetch, 0.75 GB
    # installed); elsewhere the suite runs without it and the probe's tests say they were skipped. Its modules are
    # not compiled to bytecode here: compiling all ~4,700 took 13 s of CPU, and the probe's tests load ~770 of
    # them, compiled as they first load (1.5 s, kept by `make test`).
    if ! out=$("${pip_install[@]}" --no-compile --require-hashes --no-deps -r "$extra" 2>&1); then
      echo "Not installed: $extra (no matching wheels here); the tests that need it will be skipped." >&2
      echo "$out" | tail -3 >&2
    fi
  done
  rm -rf gpuplanner.egg-info  # left by older setuptools; on sys.path it would shadow the installed metadata
  # setuptools warns about every editable install; show its output only when the install fails
  if ! out=$("${pip_install[@]}" --no-deps --no-build-isolation -e . 2>&1); then echo "$out" >&2; exit 1; fi
  "$venv/bin/python" -m pip check >/dev/null
  echo "$want" > "$stamp"
fi
