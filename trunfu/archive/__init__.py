"""The DuckDB archive of records: ingest, queries, export.

The defaults the command line shows live here, so that declaring a command does not load
DuckDB or pyarrow."""

from pathlib import Path

DEFAULT_DB = Path("data/archive.duckdb")
"""The archive file of the command line and the dashboard."""
BATCH_SIZE = 10_000
"""Records per transaction. DuckDB's cost per commit is high (its WAL, then the checkpoint
of row groups): 10,000 records per commit cost the main process about half the CPU per
record of 1,000 per commit, and the duplicate check scans the archive's hashes once per
batch."""
