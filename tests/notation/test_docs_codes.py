"""docs/tgn.md lists every diagnostic code trunfu can emit, under its class.

The codes are collected from the source: every place that makes a diagnostic (the reader's
parse errors and checks, the referee's `ctx.error`, a game state's `Fault`s, a
`Diagnostic(...)` made directly) names its code as a string literal, so a new code cannot
be added without the reference saying what it means."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "trunfu"
DOC = ROOT / "docs" / "tgn.md"
CLASSES = ("encoding", "syntax", "deck", "rules", "result")

CODE_ARGUMENT = {"error": 1, "Fault": 0, "problem": 2, "line_problem": 2}
"""Calls that make a diagnostic → the position of their code argument."""
CLASS_OF_CALL = {"Fault": "rules", "problem": "syntax", "line_problem": "syntax"}
PASSED_ON = {
    ("engine/context.py", "code"),  # Context.error's Diagnostic(code=code)
    ("engine/play.py", "fault.code"),  # the referee's play loop: TrickPlay.card_fault's Fault
    ("notation/reader.py", "code"),  # the reader's diag(): Diagnostic(code=code)
    ("notation/builder.py", "code"),  # the builder's problem(), passed on
    ("engine/games/marafone/replay.py", "fault.code"),
    ("engine/games/tarocco_siciliano/replay.py", "fault.code"),
    ("engine/games/waite_tarot/replay.py", "fault.code"),
    ("engine/games/waite_tarot/replay.py", "faults[0].code"),
}
"""Code arguments that pass on a code named elsewhere (collected where it is named)."""


def _strings(node: ast.expr) -> set[str] | None:
    """The string literals an expression can be (`a if c else b` too), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body), _strings(node.orelse)
        return None if body is None or orelse is None else body | orelse
    return None


def _name(func: ast.expr) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def _sites(tree: ast.Module, module: str) -> list[tuple[str, ast.expr]]:
    """(class, code expression) of every diagnostic made in a module."""
    found: list[tuple[str, ast.expr]] = []
    types = {id(n.slice) for n in ast.walk(tree) if isinstance(n, ast.Subscript)}
    returned = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Return)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            keywords = {k.arg: k.value for k in node.keywords}
            cls_given = _strings(keywords["cls"]) if "cls" in keywords else None
            if name in CODE_ARGUMENT:
                at = CODE_ARGUMENT[name]
                if any(isinstance(a, ast.Starred) for a in node.args[:at]):
                    continue  # `failed(*position, code, ...)`: a code from syntax_message
                code = keywords.get("code") or (node.args[at] if len(node.args) > at else None)
                if code is not None:
                    cls = next(iter(cls_given)) if cls_given else CLASS_OF_CALL.get(name, "rules")
                    found.append((cls, code))
            elif (
                name == "diag" and len(node.args) > 3
            ):  # the reader's diag(line, column, cls, code, ...)
                cls = _strings(node.args[2])
                if cls is not None and len(cls) == 1:
                    found.append((next(iter(cls)), node.args[3]))
            elif name == "Diagnostic" and "code" in keywords:
                found.append((next(iter(cls_given)) if cls_given else "?", keywords["code"]))
        elif (
            isinstance(node, ast.Tuple) and module.startswith("notation/") and id(node) not in types
        ):
            items = node.elts
            for i, item in enumerate(items[:-2]):  # a check's (line, column, class, code, text)
                cls = _strings(item)
                if cls and len(cls) == 1 and cls <= set(CLASSES):
                    found.append((next(iter(cls)), items[i + 1]))
            if module == "notation/errors.py" and id(node) in returned and len(items) == 4:
                found.append(("syntax", items[2]))  # a parse error's (line, column, code, text)
    return found


def emitted_codes() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """((class, code) of every diagnostic the source can make, code expressions not read)."""
    codes: set[tuple[str, str]] = set()
    unread: set[tuple[str, str]] = set()
    for path in sorted(SOURCE.rglob("*.py")):
        module = path.relative_to(SOURCE).as_posix()
        for cls, expression in _sites(ast.parse(path.read_text(encoding="utf-8")), module):
            strings = _strings(expression)
            if strings is None:
                unread.add((module, ast.unparse(expression)))
            else:
                codes |= {(cls, code) for code in strings}
    return codes, unread


def documented_codes() -> set[tuple[str, str]]:
    """(class, code) of every row of the tables under `## Errors`, `### <class> ...`."""
    text = DOC.read_text(encoding="utf-8")
    errors = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    found: set[tuple[str, str]] = set()
    for part in re.split(r"^### ", errors, flags=re.M)[1:]:
        cls = part.split(maxsplit=1)[0]
        found |= {(cls, code) for code in re.findall(r"^\| `([a-z0-9-]+)` \|", part, re.M)}
    return found


def test_every_code_the_source_can_emit_is_read():
    codes, unread = emitted_codes()
    assert unread == PASSED_ON, (
        f"codes the test cannot read, or passed on no more: {unread ^ PASSED_ON}"
    )
    cls_codes = {cls for cls, _ in codes}
    assert cls_codes <= set(CLASSES), cls_codes
    # each way of making a diagnostic is seen (a collector that finds nothing would pass)
    for expected in [
        ("syntax", "unexpected-end"),  # errors.py
        ("syntax", "stray-card"),  # the builder's problem()
        ("syntax", "record-too-long"),  # reader's diag()
        ("encoding", "not-utf-8"),  # reader's diag()
        ("syntax", "missing-tag"),  # checks
        ("deck", "hand-size"),  # checks
        ("rules", "illegal-card"),  # ctx.error
        ("rules", "low-bid"),  # Fault
        ("result", "result-differs"),  # ctx.error(cls="result")
    ]:
        assert expected in codes


def test_docs_list_every_code_under_its_class():
    codes, _ = emitted_codes()
    missing = sorted(codes - documented_codes())
    assert not missing, f"docs/tgn.md, section Errors, does not list {missing}"


def test_docs_list_no_code_that_nothing_emits():
    codes, _ = emitted_codes()
    stale = sorted(documented_codes() - codes)
    assert not stale, f"docs/tgn.md lists codes that no code emits: {stale}"


def test_every_code_in_the_errors_section_is_in_a_table_of_its_class():
    found = documented_codes()
    assert {cls for cls, _ in found} == set(CLASSES)
    assert ("deck", "unknown-card") in found and ("syntax", "unknown-card") not in found
