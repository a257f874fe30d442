"""Hostile inputs for the reader, the referee and the writer, and the checks they must pass.

`mutate` turns a real record into a damaged one (cut, doubled, spliced, with odd bytes and
huge tokens); `random_bytes` makes noise. `check` runs one input through the whole path a
user's file takes and returns what went wrong, in words, or None when every promise held:
no exception escapes, no referee error, the canonical text reads back to itself, and the
verdict of the canonical text is the verdict of the input.
"""

from __future__ import annotations

import io
import random
import re
import traceback
from pathlib import Path

from trunfu.cli.fmt import canonical_pieces
from trunfu.engine import replay
from trunfu.notation.reader import read, read_text, text_stream
from trunfu.notation.writer import write
from trunfu.referee import judge

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted(
    p for folder in ("examples", "famous") for p in (ROOT / "data" / folder).glob("*.tgn")
)

TOKENS = [
    "[",
    "]",
    "{",
    "}",
    '"',
    ";",
    "%",
    "\\",
    "\n",
    "\r",
    "\r\n",
    "\t",
    " ",
    "\ufeff",
    "\x00",
    "é",
    "\u2028",
    "1.",
    "99.",
    "$1",
    "$999",
    "!",
    "??",
    "/",
    ":",
    ">",
    "-",
    "deal",
    "auction",
    "call",
    "trump",
    "discard",
    "exchange",
    "announce",
    "play",
    "talon:",
    "chien:",
    "1:",
    "2:",
    "7:",
    "fuori 1",
    "busso",
    "volo",
    "striscio",
    "passe",
    "garde",
    "garde-contre",
    "chiamo T19",
    "passo",
    "poignee",
    "chelem",
    "scommessa",
    "EX",
    "T0",
    "T21",
    "T22",
    "XH",
    "11H",
    "KS",
    "1S",
    "QD",
    "FO",
    '[Game "french-tarot"]',
    '[Seats "4"]',
    '[Dealer "9"]',
    '[Result "+1 -1"]',
    "[Game",
    '"marafone"]',
    "9" * 5000,
    "1" * 50,
    "-" * 3,
    "T" * 300,
    "{" + "x" * 200,
]


def seed_texts() -> list[str]:
    """The records of the repository's examples and famous hands, one text each."""
    found = []
    for path in SEEDS:
        found.extend(r.text for r in read_text(path.read_text(encoding="utf-8")))
    return found


def mutate(text: str, rng: random.Random) -> str:
    """`text` with one to four random damages."""
    for _ in range(rng.randint(1, 4)):
        n = len(text)
        i, j = sorted(rng.randrange(n + 1) for _ in range(2))
        kind = rng.randrange(11)
        if kind == 0:  # cut a span
            text = text[:i] + text[j:]
        elif kind == 1:  # double a span
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 2:  # insert a token of the notation, or noise
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif kind == 3:  # truncate
            text = text[:j]
        elif kind == 4:  # swap two words
            words = text.split(" ")
            if len(words) > 2:
                a, b = rng.randrange(len(words)), rng.randrange(len(words))
                words[a], words[b] = words[b], words[a]
                text = " ".join(words)
        elif kind == 5:  # replace a character by a random one
            if n:
                text = (
                    text[:i]
                    + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x10000)]))[:1]
                    + text[i + 1 :]
                )
        elif kind == 6:  # splice another record's span
            text = text[:i] + text[rng.randrange(n + 1) :][: rng.randrange(200)] + text[j:]
        elif kind == 7:  # a number made huge
            numbers = list(re.finditer(r"\d+", text))
            if numbers:
                at = rng.choice(numbers)
                text = text[: at.start()] + "9" * rng.choice([5, 50, 5000]) + text[at.end() :]
        elif kind == 8:  # a tag broken across lines
            gap = rng.choice([" ", "\n", "\r", "\t\n ", "{a comment}", "\n{x}\n"])
            spot = rng.choice(["[", "]", '" ', ' "'])
            at = text.find(spot, i)
            if at >= 0:
                cut = at + 1 if spot == "[" else at
                text = text[:cut] + gap + text[cut:]
        elif kind == 9:  # a byte-order mark at a line's start
            at = text.find("\n", i)
            text = text[: at + 1] + "\ufeff" + text[at + 1 :]
        else:  # line ends changed
            text = text.replace("\n", rng.choice(["\r\n", "\r", "\n\n", " \n", "\n\ufeff"]), 3)
    return text


def random_bytes(rng: random.Random) -> bytes:
    """Noise: random bytes, or random printable text."""
    size = rng.choice([0, 1, 10, 100, 2000])
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(size))
    return "".join(rng.choice([*TOKENS, "a", "x", " ", "\n"]) for _ in range(size // 5)).encode(
        "utf-8", "replace"
    )


def _verdict(result) -> tuple[bool, str | None, list[str]]:
    verdict = judge(result)
    return verdict.valid, verdict.result, sorted({d.code for d in verdict.diagnostics})


def _canonical(results, text: str) -> str:
    """The file as `trunfu fmt` writes it."""
    return "".join(canonical_pieces(results, [], text.encode("utf-8", "surrogatepass")))


def check_text(text: str) -> str | None:
    """What breaks when the file `text` goes through reader, referee, replay and writer;
    None if nothing does."""
    try:
        results = read_text(text, "fuzz.tgn")
        for result in results:
            verdict = judge(result)
            internal = [d for d in verdict.diagnostics if d.code == "internal-error"]
            if internal:
                return f"referee error: {internal[0].message}"
            if result.record is not None:
                replay(result.record, steps=True)
        canonical = _canonical(results, text)
        again = read_text(canonical, "fuzz.tgn")
        if len(again) != len(results):
            return f"fmt changes the number of records: {len(results)} -> {len(again)}"
        if _canonical(again, canonical) != canonical:
            return "fmt is not idempotent"
        for before, after in zip(results, again, strict=True):
            if before.record is not None and _verdict(after) != _verdict(before):
                return f"verdict changed by fmt: {_verdict(before)} -> {_verdict(after)}"
    except Exception:  # what the check is for
        return traceback.format_exc(limit=-3)
    return None


def check_bytes(data: bytes) -> str | None:
    """What breaks when the bytes of a file go through the streaming reader and referee."""
    try:
        for result in read(text_stream(io.BytesIO(data)), "fuzz.tgn"):
            judge(result)
            if result.record is not None:
                write(result.record)
    except Exception:  # what the check is for
        return traceback.format_exc(limit=-3)
    return None
