"""A short, seeded fuzz run in the suite: damaged records of every game and random bytes
through the reader, the referee and the writer (the long run: `long_run.py`)."""

from __future__ import annotations

import random

from hostile import check_bytes, check_text, mutate, random_bytes, seed_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SEEDS = seed_texts()
FUZZ = settings(
    max_examples=400, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck)
)


def test_the_seeds_cover_every_game():
    games = {text.split('"')[1] for text in SEEDS if text.startswith("[Game")}
    assert games == {"french-tarot", "tarocco-siciliano", "marafone", "waite-tarot"}


@FUZZ
@given(st.integers(0, len(SEEDS) - 1), st.randoms(use_true_random=False))
def test_a_damaged_record_breaks_no_promise(index: int, rng: random.Random):
    text = mutate(SEEDS[index], rng)
    assert check_text(text) is None, text


@settings(FUZZ, max_examples=100)
@given(st.randoms(use_true_random=False))
def test_random_bytes_break_no_promise(rng: random.Random):
    data = random_bytes(rng)
    assert check_bytes(data) is None, data


def test_fmt_keeps_a_record_with_a_syntax_problem_as_written():
    """A seat label the game does not have, in the auction: the writer could not say it,
    so `fmt` gives the record back as written and the verdict stays."""
    text = SEEDS[0].replace("auction\n", "auction\n7:", 1)
    assert "7:" in text and check_text(text) is None
