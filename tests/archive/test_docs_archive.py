"""docs/archive.md describes the schema the code creates: a section per table and view,
and in each table's section exactly the table's columns, in order."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest

from trunfu.archive import schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "archive.md"


def sections(text: str) -> dict[str, str]:
    """The text under each heading "### `name`" (a view's heading may say more after the
    name), up to the next heading of level 1 to 3."""
    found: dict[str, str] = {}
    parts = re.split(r"^(#{1,3} .*)$", text, flags=re.MULTILINE)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        named = re.match(r"### `(\w+)`", heading)
        if named:
            found[named.group(1)] = body
    return found


def listed_columns(section: str) -> list[str]:
    """The first cells of the section's table rows, "| `column` | ... |"."""
    return re.findall(r"^\| `(\w+)` \|", section, flags=re.MULTILINE)


def columns(name: str) -> list[str]:
    """The columns of a table or view as the code creates it."""
    con = duckdb.connect()
    try:
        schema.create(con)
        schema.create_analysis(con)
        return [d[0] for d in con.execute(f"SELECT * FROM {name} LIMIT 0").description]
    finally:
        con.close()


DOCUMENTED = sections(DOC.read_text(encoding="utf-8"))


def test_the_parsing_finds_sections_and_columns() -> None:
    text = "## Schema\n### `t`\n| column | meaning |\n| --- | --- |\n| `a` | x |\n| `b` | y |\n"
    assert listed_columns(sections(text)["t"]) == ["a", "b"]
    assert sections("### `t` (a view)\nbody\n## Next\nmore") == {"t": "\nbody\n"}


@pytest.mark.parametrize("table", [*schema.TABLES, *schema.ANALYSIS_TABLES])
def test_every_table_is_described_column_by_column(table: str) -> None:
    assert table in DOCUMENTED, f"docs/archive.md has no section ### `{table}`"
    assert listed_columns(DOCUMENTED[table]) == columns(table), (
        f"docs/archive.md, section `{table}`: the columns listed differ from the table's"
    )


def test_the_schema_version_is_the_one_documented() -> None:
    assert f"the schema version, `{schema.SCHEMA_VERSION}`" in DOCUMENTED["meta"]


@pytest.mark.parametrize("view", list(schema.VIEWS))
def test_every_view_is_described_with_its_columns(view: str) -> None:
    assert view in DOCUMENTED, f"docs/archive.md has no section ### `{view}`"
    named = set(re.findall(r"`(\w+)`", DOCUMENTED[view]))
    missing = [c for c in columns(view) if c not in named]
    assert not missing, f"docs/archive.md, section `{view}`, does not name {missing}"
