"""The `trunfu` command. Each module of this package adds its commands to `app`.

A module imports at its top only what declaring its commands takes (typer, the standard
library, the defaults of `trunfu.archive`); a command imports what it uses when it runs.
So `trunfu --help` loads no layer of trunfu, and each command only the layers it uses
(`validate` never loads DuckDB, pandas or rich: tests/cli/test_startup.py)."""

from __future__ import annotations

import importlib
import pkgutil
import signal

from .app import app


def main() -> None:
    # A closed pipe (`trunfu validate DIR | head -1`) ends the command quietly, as it ends
    # Unix tools; Python's default turns every later write into an error to report.
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    for module in pkgutil.iter_modules(__path__):
        if module.name != "app" and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")
    app()
