"""docs/python.md runs: every ```python block, in order, in one namespace, so that the
examples cannot drift from the code.

A block written with `>>>` prompts is a doctest (its output is compared); any other block
is run as a script. The blocks run in a temporary folder holding a link to the
repository's `data/`, as a user's would after a clone."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "python.md"
BLOCK = re.compile(r"^```python\n(.*?)^```\s*$", re.M | re.S)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(line of the block's first code line, its source) of every ```python block."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def run_blocks(blocks: list[tuple[int, str]], namespace: dict) -> None:
    """Run each block in `namespace`; fail at the first block that raises or whose doctest
    output differs, naming its line in docs/python.md."""
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for line, source in blocks:
        where = f"docs/python.md:{line}"
        if ">>> " in source:
            test = parser.get_doctest(source, {}, where, str(DOC), line - 1)
            test.globs = namespace  # shared with the blocks before and after (not a copy)
            report = io.StringIO()
            runner = doctest.DocTestRunner(optionflags=flags)
            result = runner.run(test, out=report.write, clear_globs=False)
            if result.failed:
                pytest.fail(f"{where}: the example's output differs\n{report.getvalue()}", False)
        else:
            exec(compile(source, where, "exec"), namespace)


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def test_every_python_block_of_the_guide_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocks = python_blocks(DOC.read_text(encoding="utf-8"))
    assert len(blocks) >= 20, "docs/python.md lost its examples"
    before = _files(ROOT / "data")
    (tmp_path / "data").symlink_to(ROOT / "data", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    run_blocks(blocks, {"__name__": "__main__"})
    assert _files(ROOT / "data") == before, "an example wrote into the repository's data/"


def test_a_wrong_output_in_a_block_is_caught():
    """The runner compares doctest output: a block whose output is wrong fails."""
    blocks = python_blocks("```python\n>>> 1 + 1\n3\n```\n")
    with pytest.raises(pytest.fail.Exception, match="output differs"):
        run_blocks(blocks, {})


def test_a_block_that_raises_is_caught():
    blocks = python_blocks("```python\nx = 1\n```\n\n```python\nraise ValueError(x)\n```\n")
    with pytest.raises(ValueError, match="1"):
        run_blocks(blocks, {})
