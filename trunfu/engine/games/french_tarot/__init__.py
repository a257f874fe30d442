"""French tarot: the FFT rules (3, 4, 5 seats) and the classic rules (3 to 6 seats)."""
