"""``make bench`` (benchmarks/run_all.py): every benchmark runs, a failure is said at the end and fails the run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parent.parent / "benchmarks" / "run_all.py"


def runner():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("run_all", RUNNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["run_all"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_failure_stops_nothing_and_is_said_at_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bench_a_crash.py").write_text("raise SystemExit(3)\n")
    (tmp_path / "bench_b_slow.py").write_text("print('one figure: 9 ms (goal <= 1 ms: MISSED)')\n")
    (tmp_path / "bench_c_fine.py").write_text("print('another: 1 ms (goal <= 2 ms: met)')\n")
    assert runner().main(["--folder", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    summary = out[out.index("==> make bench"):]
    assert "bench_a_crash" in summary and "FAILED (exit 3)" in summary
    assert "one figure: 9 ms (goal <= 1 ms: MISSED)" in summary and "another" not in summary
    assert "failed: bench_a_crash" in summary


def test_missed_goals_fail_only_when_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bench_slow.py").write_text("print('goal 2,000: not met')\n")
    assert runner().main(["--folder", str(tmp_path)]) == 0
    assert runner().main(["--folder", str(tmp_path), "--strict"]) == 1


def test_a_benchmark_that_hangs_is_stopped_at_its_timeout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bench_hangs.py").write_text("import time\nprint('started', flush=True)\ntime.sleep(60)\n")
    assert runner().main(["--folder", str(tmp_path), "--timeout", "1"]) == 1
    assert "TIMED OUT" in capsys.readouterr().out
