"""A short coverage-guided fuzz run (atheris) of each input path: expressions, XML datasets
and the Python API (tests_py/fuzz/fuzz_targets.py). Each first replays its corpus
(tests_py/fuzz/corpus/<target>: seeds and the inputs that once crashed or hung msolve), then
mutates it for a few seconds; a crash, an undocumented exception or a hang fails the test with
libFuzzer's report. Longer campaigns: see the module docstring of fuzz_targets.py."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import msolve

pytest.importorskip("atheris")

FUZZ = Path(__file__).resolve().parent / "fuzz"
PACKAGE_ROOT = str(Path(msolve.__file__).parent.parent)
SECONDS = 3


@pytest.mark.parametrize("target", ["expression", "dataset", "api"])
def test_fuzz_target_finds_nothing(target, tmp_path):
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            str(FUZZ / "fuzz_targets.py"),
            target,
            f"-max_total_time={SECONDS}",
            "-timeout=20",
            "-rss_limit_mb=4096",
            f"-artifact_prefix={tmp_path}/",
            str(corpus),  # new inputs go here, the kept corpus stays as it is
            str(FUZZ / "corpus" / target),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Done" in done.stderr
