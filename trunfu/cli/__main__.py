"""`python -m trunfu.cli`: the `trunfu` command."""

from . import main

main()
