"""The TGN grammar (`tgn.lark`), built once: the LALR parser, and the regexes of its
terminals (the item scanner that splits run tokens, the direct reading of plain records),
all made from the same terminal definitions."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from lark import Lark, Transformer
from lark.load_grammar import load_grammar

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


def build_parser(transformer: Transformer | None, comments: list) -> Lark:
    """An LALR parser that calls `transformer` inline and appends brace comments to
    `comments` as the lexer meets them."""
    return Lark(
        GRAMMAR_TEXT,
        parser="lalr",
        lexer="contextual",
        strict=True,
        transformer=transformer,
        lexer_callbacks={"BRACE_COMMENT": comments.append},
        maybe_placeholders=False,
        cache=True,  # Lark keeps the built tables in the temp folder: later starts are fast
    )


@cache
def terminal_regexps() -> dict[str, str]:
    """The regex of each terminal of the grammar, by name."""
    grammar, _ = load_grammar(GRAMMAR_TEXT, "tgn.lark", [], False)
    terminals, _, _ = grammar.compile(["start"], "*")
    return {t.name: t.pattern.to_regexp() for t in terminals}


@cache
def item_scanner() -> re.Pattern[str]:
    """A regex that finds the items of any run token, one named group per item kind."""
    regexps = terminal_regexps()
    alternatives = "|".join(f"(?P<{name}>{regexps[name]})" for name in ITEM_TERMINALS)
    return re.compile(alternatives)
