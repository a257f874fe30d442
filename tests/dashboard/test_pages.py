"""Every page script: nothing but the page's own elements is drawn."""

from __future__ import annotations

import ast

import pytest
from conftest import APP

PAGES = sorted((APP.parent / "views").glob("*.py"))


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_no_bare_string_is_drawn(page) -> None:
    """Streamlit draws a bare string statement of a page script (its "magic"): a docstring
    of a constant there lands on the page. Only the module docstring is left alone."""
    tree = ast.parse(page.read_text(encoding="utf-8"))
    strays = [
        node.lineno
        for node in tree.body[1:]
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ]
    assert not strays, f"{page.name}: bare strings at lines {strays}"
