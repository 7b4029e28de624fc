import os

os.environ.setdefault("MPLBACKEND", "Agg")


import pytest


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path, monkeypatch):
    # Model(output="name") writes name.log and name.csv in the working directory, as
    # MotionSolve does: tests run in their own temporary directory
    monkeypatch.chdir(tmp_path)
