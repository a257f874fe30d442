"""Double-dummy analysis of the play: the exact value of a position when every seat plays
perfectly with every hand visible (`solver.Solver`, compiled with numba; `reference`, a
plain minimax over the engine's state), and the card-by-card analysis of a record
(`analyse`). See docs/analysis.md."""
