"""The built grammar kept in the user's cache folder: the same as building it, rebuilt when
the kept copy is damaged, and built in the process when there is no cache folder."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import lark
import pytest

from trunfu.notation import grammar


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The grammar's caches forgotten before and after the test."""
    for cached in (grammar.cache_file, grammar.terminal_regexps):
        cached.cache_clear()
    yield
    monkeypatch.undo()
    for cached in (grammar.cache_file, grammar.terminal_regexps):
        cached.cache_clear()


def test_the_kept_regexes_are_those_of_the_grammar(fresh, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = grammar.terminal_regexps()
    kept = grammar.cache_file("terminals", "json")
    assert kept is not None and kept.parent == tmp_path / "trunfu"
    assert json.loads(kept.read_text()) == built == grammar._build_terminal_regexps()
    assert {"CARD", "SUIT", "KEYWORD", "RUN"} <= set(built)
    grammar.build_parser(None, [])
    assert len(list(kept.parent.glob("tgn-parser-*.lark"))) == 1


def test_a_damaged_copy_is_rebuilt(fresh, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    kept = grammar.cache_file("terminals", "json")
    assert kept is not None
    kept.write_text('{"CARD": ')
    assert grammar.terminal_regexps() == grammar._build_terminal_regexps()
    assert json.loads(kept.read_text()) == grammar.terminal_regexps()


def test_without_a_cache_folder_the_grammar_is_built_in_the_process(fresh, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # no folder can be made under a file
    assert grammar.cache_file("terminals", "json") is None
    assert grammar.terminal_regexps() == grammar._build_terminal_regexps()
    parser = grammar.build_parser(None, [])
    assert parser.parse('[Game "french-tarot"]\n') is not None
    assert list(Path(tmp_path).iterdir()) == [blocker]


def test_the_grammar_passes_larks_strict_checks():
    """No two terminals collide and the LALR table has no conflict: Lark's strict mode
    (which the reader leaves out at run time) accepts the grammar."""
    built = lark.Lark(grammar.GRAMMAR_TEXT, parser="lalr", lexer="contextual", strict=True)
    assert built.parse('[Game "marafone"]\ndeal\n  1: KS\n') is not None
