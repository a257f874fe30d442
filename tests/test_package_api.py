"""The names at the top of the package: each one there, and `import trunfu` cheap."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trunfu

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("lark", "pydantic", "duckdb", "pandas", "pyarrow", "numpy", "typer", "rich", "streamlit")


def loaded_after(code: str) -> list[str]:
    """The heavy libraries and trunfu modules a fresh interpreter holds after `code`."""
    probe = (
        f"{code}\nimport json, sys\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        f"if m.split('.')[0] in {HEAVY!r} and '.' not in m or m.startswith('trunfu.'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(out.stdout)


def test_import_trunfu_loads_nothing_else():
    assert loaded_after("import trunfu") == []


def test_reading_and_judging_load_neither_duckdb_nor_pandas():
    loaded = loaded_after(
        "import trunfu\n"
        '(r,) = trunfu.read_text(\'[Game "marafone"]\\n[Seats "4"]\\n[Dealer "1"]\\n\')\n'
        "trunfu.judge(r)"
    )
    assert "lark" in loaded and "trunfu.referee" in loaded
    assert not {"duckdb", "pandas", "pyarrow"} & set(loaded)


@pytest.mark.parametrize("name", trunfu.__all__)
def test_each_public_name_is_its_home_modules_object(name: str):
    value = getattr(trunfu, name)
    assert value.__module__.startswith("trunfu.")
    assert getattr(importlib.import_module(value.__module__), name) is value
    assert name in dir(trunfu)


def test_the_everyday_names_are_public():
    assert {"read", "read_text", "write", "replay", "simulate", "judge", "open_archive"} <= set(
        trunfu.__all__
    )


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'reed'"):
        trunfu.reed  # noqa: B018
    assert not hasattr(trunfu, "reed")


def test_star_import_gives_the_public_names():
    namespace: dict = {}
    exec("from trunfu import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(trunfu.__all__)
