# The two commands on the README's first screen: `make run` and `make test`.
# `make run ARGS=--smoke-test` opens the window, waits for the first result and exits.
PY := .venv/bin/python

.PHONY: run test lint catalog bench recalibrate i18n package lock

run:
	@scripts/bootstrap.sh run
	@$(PY) -m gpuplanner $(ARGS)

# pytest on three processes (pytest-xdist) for this 2-core machine: some tests wait on timers, locks held by another
# program and subprocesses, and a third worker runs while they wait (make test, idle: 117-122 s on two, 110-111 s on
# three, 116 s on four). Tests sharing a module-scoped fixture run on one worker, which builds it once
# (tests/conftest.py). A single file or test: .venv/bin/python -m pytest tests/test_X.py
# The tests keep their compiled bytecode (__pycache__, git-ignored) even where PYTHONDONTWRITEBYTECODE is set: without
# it every Python process a run starts compiles the package again (0.37 s of CPU to load a command, 0.23 s from
# bytecode) and each pytest worker rewrites every test module again (6.1 s to collect the suite, 1.8 s from bytecode).
# mypy checks the package while the tests run: in a fresh clone (no .mypy_cache yet) it takes ~17 s of CPU, beside
# the test workers instead of before them. Its report follows the tests'; either failing fails.
test:
	@scripts/bootstrap.sh test
	@$(PY) -m ruff check gpuplanner tests benchmarks packaging scripts
	@.venv/bin/lint-imports --no-cache
	@report=$$(mktemp); $(PY) -m mypy gpuplanner > "$$report" 2>&1 & typing=$$!; \
	PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n 3 --dist loadgroup; tests=$$?; \
	wait $$typing; typed=$$?; cat "$$report"; rm -f "$$report"; [ $$tests -eq 0 ] && [ $$typed -eq 0 ]

catalog:
	@$(PY) -m gpuplanner.catalog build

bench:
	@$(PY) benchmarks/run_all.py

# Refit the calibration on the published runs, regenerate calibration/published_fit.py, serving_fits.json,
# training_predictions.json and the search golden, and print what moved (constants, bands, layouts, step times, plans) for review; then the tests that
# fit from scratch what `make test` reads back (pytest -m slow).
recalibrate:
	@$(PY) scripts/recalibrate.py
	@QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m slow

# Refresh the translation sources from the code, then compile them (.ts -> .qm).
i18n:
	@$(PY) scripts/message_templates.py
	@.venv/bin/pyside6-lupdate $$(find gpuplanner -name '*.py' | sort) -ts resources/i18n/gpuplanner_zh_CN.ts -no-obsolete
	@.venv/bin/pyside6-lrelease resources/i18n/gpuplanner_zh_CN.ts -qm resources/i18n/gpuplanner_zh_CN.qm

# Linux one-dir executable and .deb, both smoke-tested (packaging/build.sh).
package:
	@packaging/build.sh

# Refresh the hash-pinned lock files (requirements/*.lock) from pyproject.toml and requirements/build.in.
lock:
	@scripts/lock.sh
