"""One read-only DuckDB connection to the archive, shared by the page runs of this process
and closed after `IDLE_SECONDS` without one.

Keeping it open between runs keeps DuckDB's buffers warm (on a million deals a reopened file
makes every first query slower); closing it when idle lets `trunfu ingest`, which needs the
file to itself, run while the dashboard is left open."""

from __future__ import annotations

import atexit
import threading

import duckdb

from ..archive import queries

IDLE_SECONDS = 20.0


class Pool:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._path: str | None = None
        self._users = 0
        self._timer: threading.Timer | None = None

    def cursor(self, path: str) -> duckdb.DuckDBPyConnection:
        """A cursor on the archive at `path` (opened if needed); give it back with `release`.
        Raises `lock.ArchiveError` (busy, missing, damaged, not an archive)."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._con is not None and self._path != path and self._users == 0:
                self._close()
            if self._con is None:
                self._con = queries.open_archive(path, wait=2.0)
                self._path = path
            self._users += 1
            return self._con.cursor()

    def release(self, cursor: duckdb.DuckDBPyConnection) -> None:
        cursor.close()
        with self._lock:
            self._users -= 1
            if self._users == 0 and self._con is not None:
                self._timer = threading.Timer(IDLE_SECONDS, self.close_idle)
                self._timer.daemon = True
                self._timer.start()

    def close_idle(self) -> bool:
        """Close the connection now unless a page run uses it; whether it is closed."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._users:
                return False
            self._close()
            return True

    def _close(self) -> None:
        if self._con is not None:
            self._con.close()
        self._con = self._path = None


POOL = Pool()
atexit.register(POOL.close_idle)
