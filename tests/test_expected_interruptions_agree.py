"""The interruptions a run can expect read the same in the CLI's report, the spec sheet and the app's details: the
sheet and the app rounded 0.0869 to "0", where the text said 0.0869."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gpuplanner.cli.main import main

DEMO = Path(__file__).resolve().parent.parent / "resources" / "examples" / "demo.json"


def test_expected_count_keeps_three_significant_figures() -> None:
    from gpuplanner.report.formatting import expected_count, number

    assert [expected_count(v) for v in (0.0869, 3.26, 419.0, None)] == ["0.0869", "3.26", "419", "n/a"]
    assert expected_count(12345.6) == number(12345.6, 0)  # whole, in the locale's grouping


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_the_sheet_says_the_interruptions_the_json_and_estimate_report_say(capsys, private_user_data, tmp_path) -> None:
    assert main(["plan", str(DEMO), "--format", "json", "--top", "1"]) == 0
    expected = json.loads(capsys.readouterr().out)["plans"][0]["training"]["goodput"]["expected_interruptions"]
    assert 0 < expected < 0.5  # the demo's 16 GPUs for 11 days: what "0" hid
    shown = f"{expected:.3g}"
    pdf = tmp_path / "sheet.pdf"
    assert main(["plan", str(DEMO), "--pdf", str(pdf), "--top", "1"]) == 0
    capsys.readouterr()
    sheet = re.sub(r"\s+", " ", subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                               text=True, check=True, timeout=120).stdout)
    assert f"interruptions expected: {shown};" in sheet
