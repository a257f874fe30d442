"""Where a deal shown in the replay comes from, named by one reference string that fits in
a URL (`?record=REF`):

- `42`: record 42 of the archive;
- `famous:FILE:N`: record N (1-based) of `FILE` in the famous hands folder;
- `upload:HASH`: a record uploaded in this browser session (kept in its session state).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableMapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine import replay as engine_replay
from ..engine.model import Replay
from ..notation.models import ReadResult
from ..notation.reader import read_text
from . import settings

UPLOADS_KEY = "trunfu_uploads"


class SourceError(LookupError):
    """A reference that names no record, told in a sentence for the user."""


@dataclass(frozen=True)
class Famous:
    """One record of the famous hands folder, for the gallery."""

    ref: str
    file: str
    index: int
    read: ReadResult

    def tag(self, name: str) -> str:
        return (self.read.record.tag(name) if self.read.record else None) or ""


def blurb(comment: str, limit: int = 240) -> str:
    """The start of a long comment, cut after a sentence when it can be."""
    if len(comment) <= limit:
        return comment
    cut = comment.rfind(". ", 0, limit)
    return comment[: cut + 1] + " …" if cut > limit // 3 else comment[:limit].rstrip() + "…"


def remember_upload(state: MutableMapping[str, Any], text: str) -> str:
    """Keep an uploaded record's text in the session; its reference."""
    key = hashlib.sha256(text.encode()).hexdigest()[:12]
    state.setdefault(UPLOADS_KEY, {})[key] = text
    return f"upload:{key}"


def famous_files(folder: Path | None = None) -> list[Path]:
    folder = folder or settings.famous_dir()
    return sorted(folder.glob("*.tgn")) if folder.is_dir() else []


def famous_hands(folder: Path | None = None) -> list[Famous]:
    """Every record of the famous hands folder, in file then record order."""
    hands = []
    for path in famous_files(folder):
        for read in _read_file(str(path), path.stat().st_mtime_ns):
            hands.append(Famous(f"famous:{path.name}:{read.index}", path.name, read.index, read))
    return hands


@lru_cache(maxsize=64)
def _read_file(path: str, _mtime: int) -> tuple[ReadResult, ...]:
    text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
    return tuple(read_text(text, file=Path(path).name))


def text_of(ref: str, state: MutableMapping[str, Any] | None = None, archive=None) -> str:
    """The TGN text of the record named by `ref`. `archive(id) -> str | None` looks records
    up in the archive. Raises `SourceError`."""
    kind, _, rest = ref.partition(":")
    if ref.isdigit():
        # judged by its text first: an id has at most 18 digits (and int() refuses 4,300)
        text = archive(int(ref)) if archive and len(ref) <= MAX_ID_DIGITS else None
        if text is None:
            raise SourceError(f"there is no record {shorten(ref)} in the archive")
        return text
    if kind == "famous":
        name, _, index = rest.rpartition(":")
        path = settings.famous_dir() / name
        if not index.isdigit() or Path(name).name != name or not path.is_file():
            raise SourceError(f"there is no famous hand {shorten(rest)!r}")
        reads = _read_file(str(path), path.stat().st_mtime_ns)
        if len(index) > MAX_ID_DIGITS or not 1 <= int(index) <= len(reads):
            raise SourceError(f"{name} has {len(reads)} records, not {shorten(index)}")
        return reads[int(index) - 1].text
    if kind == "upload":
        text = (state or {}).get(UPLOADS_KEY, {}).get(rest)
        if text is None:
            raise SourceError(
                "this uploaded record belongs to another browser session: upload it again"
            )
        return text
    raise SourceError(
        f"{shorten(ref)!r} names no record (expected an archive id, famous:… or upload:…)"
    )


MAX_ID_DIGITS = 18
"""An archive id is a BIGINT: more digits name no record."""


def shorten(ref: str, limit: int = 40) -> str:
    """A reference as a message quotes it: a long one cut, with its length."""
    return ref if len(ref) <= limit else f"{ref[:limit]}… ({len(ref):,} characters)"


@lru_cache(maxsize=128)
def replay_of(text: str) -> tuple[ReadResult, Replay | None]:
    """Read and replay one record's text (cached: stepping never replays again)."""
    reads = read_text(text)
    if not reads or reads[0].record is None:
        return (reads[0] if reads else ReadResult(index=1, line=1)), None
    return reads[0], engine_replay(reads[0].record)
