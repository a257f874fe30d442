"""The TGN grammar (`tgn.lark`), built once: the LALR parser, and the regexes of its
terminals (the item scanner the item lexer reads a word with where its table cannot),
all made from the same terminal definitions.

Building either from the grammar takes about a second (Lark's analysis, and its
checks of the terminals against each other), so both are kept in trunfu's folder of the
user's cache (`$XDG_CACHE_HOME/trunfu`, else `~/.cache/trunfu`), under a name made from
the grammar's text and the versions of Lark and Python: a changed grammar is built anew.
Without a writable cache folder they are built in each process.

The parser is built without Lark's strict checks, which need `interegular` (a costly
import at every start); a test builds it strict, so that a terminal colliding with another
or an LALR conflict fails the suite, not a user's reading."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from pathlib import Path

import lark
from lark import Lark, Transformer

GRAMMAR_TEXT = files(__package__).joinpath("tgn.lark").read_text(encoding="utf-8")

# The item terminals, most specific first, that a run token is made of.
ITEM_TERMINALS = (
    "EXCHANGE_LABEL",
    "HAND_LABEL",
    "TRICK_NO",
    "CLAIM",
    "CARD",
    "NAG",
    "SLASH",
    "CALL_WORD",
    "SIGNAL",
    "ANNOUNCE_WORD",
)


@cache
def cache_file(kind: str, suffix: str) -> Path | None:
    """Where the built `kind` of this grammar is kept, or None without a cache folder."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    folder = Path(base) / "trunfu"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    key = f"{GRAMMAR_TEXT}\0{lark.__version__}\0{sys.version_info[:2]}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return folder / f"tgn-{kind}-{digest}.{suffix}"


def build_parser(transformer: Transformer | None, comments: list) -> Lark:
    """An LALR parser that calls `transformer` inline and appends brace comments to
    `comments` as the lexer meets them."""
    kept = cache_file("parser", "lark")
    callbacks: dict[str, Callable] = {"BRACE_COMMENT": comments.append}
    return Lark(
        GRAMMAR_TEXT,
        parser="lalr",
        lexer="contextual",
        transformer=transformer,
        lexer_callbacks=callbacks,
        maybe_placeholders=False,
        cache=str(kept) if kept is not None else False,  # Lark checks the file's grammar
    )


@cache
def terminal_regexps() -> dict[str, str]:
    """The regex of each terminal of the grammar, by name."""
    kept = cache_file("terminals", "json")
    if kept is not None:
        try:
            return json.loads(kept.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass  # not built yet, or unreadable: build it
    regexps = _build_terminal_regexps()
    if kept is not None:
        temp = kept.with_name(f"{kept.name}.{os.getpid()}")
        try:
            temp.write_text(json.dumps(regexps), encoding="utf-8")
            os.replace(temp, kept)  # whole or not at all, for processes reading it
        except OSError:
            temp.unlink(missing_ok=True)
    return regexps


def _build_terminal_regexps() -> dict[str, str]:
    from lark.load_grammar import load_grammar

    grammar, _ = load_grammar(GRAMMAR_TEXT, "tgn.lark", [], False)
    terminals, _, _ = grammar.compile(["start"], "*")
    return {t.name: t.pattern.to_regexp() for t in terminals}


@cache
def item_scanner() -> re.Pattern[str]:
    """A regex that finds the items of any run token, one named group per item kind."""
    regexps = terminal_regexps()
    alternatives = "|".join(f"(?P<{name}>{regexps[name]})" for name in ITEM_TERMINALS)
    return re.compile(alternatives)
