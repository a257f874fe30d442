"""The `trunfu` command. Each module of this package adds its commands to `app`."""

from __future__ import annotations

import importlib
import pkgutil

from .app import app


def main() -> None:
    for module in pkgutil.iter_modules(__path__):
        if module.name != "app" and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")
    app()
