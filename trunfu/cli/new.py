"""`trunfu new`: a fill-in skeleton record for a text editor: the tags, and each section's
keyword with `;` comments saying what goes there. It validates as an unfinished record
(`Result "*"`): the sections that cannot stand empty yet are written commented out."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import app


def skeleton(
    game: str,
    seats: int,
    dealer: int = 1,
    players: list[str] | None = None,
    variant: str | None = None,
) -> str:
    """The skeleton record's text. Raises `ValueError` with a sentence for a game, seat
    count, dealer, variant or player list the notation does not allow."""
    from ..notation.decks import GAMES
    from ..notation.reader import SECTION_KEYS

    rules = GAMES.get(game)
    if rules is None:
        raise ValueError(f"--game {game!r}: trunfu knows {', '.join(sorted(GAMES))}")
    if seats not in rules.deals:
        counts = "|".join(str(n) for n in rules.seats)
        raise ValueError(f"--seats {seats}: {game} is played by {counts} players")
    if not 1 <= dealer <= seats:
        raise ValueError(f"--dealer {dealer}: the dealer is a seat from 1 to {seats}")
    if variant is not None and variant not in rules.variants:
        raise ValueError(f"--variant {variant!r}: {game} has {', '.join(rules.variants)}")
    names = players or []
    if names and len(names) != seats:
        raise ValueError(f"--players names {len(names)} players; {game} here seats {seats}")
    if any('"' in n or "\\" in n or "\t" in n for n in names):
        raise ValueError('--players: a name may not hold `"`, `\\` or a tab')
    lines = [f'[Game "{game}"]', f'[Seats "{seats}"]', f'[Dealer "{dealer}"]']
    if variant is not None:
        lines.append(f'[Variant "{variant}"]')
    lines += ['[Event ""]', '[Site ""]', '[Date "????.??.??"]', '[Round ""]']
    lines += [f'[P{n} "{names[n - 1] if names else ""}"]' for n in range(1, seats + 1)]
    lines += ['[Result "*"]', ""]
    lines += [
        "; Fill in what happened, section by section; leave out what you do not know",
        "; (a deal without its hands still checks: the play tells who held what).",
        '; Once the deal is whole, `trunfu validate` computes the Result: write it in place of "*".',
    ]
    guide = _guide(game, seats, dealer)
    opened = _open(game, seats)
    for section in SECTION_KEYS:  # in the order the canonical text writes them
        if section not in guide:
            continue
        if section in opened:
            lines.append(section)
            lines += [f"  ; {line}" for line in guide[section]]
        else:
            lines.append(f"; {section}   (remove the `;` before the keyword once you fill it)")
            lines += [f";   {line}" for line in guide[section]]
    return "\n".join(lines) + "\n"


def _open(game: str, seats: int) -> set[str]:
    """The sections whose keyword may stand empty in an unfinished record: the deal, and
    the auction where everybody may speak first (marafone at five: the holder of 5S, whom
    only the deal tells)."""
    if game == "marafone":
        return {"deal", "play"} if seats == 4 else {"deal"}
    if game == "waite-tarot":
        return {"deal"}
    return {"deal", "auction"}


def _deal_lines(game: str, seats: int) -> list[str]:
    from ..notation.decks import GAMES

    rules = GAMES[game]
    deal = rules.deals[seats]
    first = len(rules.trumps)
    example = " ".join(rules.order[i] for i in (0, first + 1, first + 3))
    lines = [f"each seat's {deal.hand} cards after its label, e.g. `1: {example} …`"]
    lines += [f"{n}:" for n in range(1, seats + 1)]
    if deal.talon:
        lines.append(f"talon:   ({deal.talon} cards)")
    if deal.dead:
        lines.append(f"dead:   ({deal.dead} cards, the hand nobody plays)")
    return lines


def _words(game: str, seats: int) -> str:
    from ..notation.decks import GAMES

    calls = GAMES[game].calls.get(seats, {})
    return ", ".join(dict.fromkeys(calls.values()))


def _guide(game: str, seats: int, dealer: int) -> dict[str, list[str]]:
    """What goes in each section of this game, in a comment's words."""
    eldest = dealer % seats + 1
    play = [
        "one trick a line, its number, then the cards in playing order, leader first:",
        f"1. KS 7S T3 …   (seat {eldest}, the eldest, leads the first trick)",
    ]
    deal = _deal_lines(game, seats)
    if game == "french-tarot":
        talon = "chien"
        guide = {
            "deal": [*deal[:1], f"(the talon is the {talon})", *deal[1:]],
            "auction": [
                f"one call a seat in turn from seat {eldest}: {_words(game, seats)}",
            ],
            "discard": ["the taker's écart, once he has taken the chien"],
            "announce": ["a poignée shows its trumps: `2: poignee T21 T20 …`; `2: chelem`"],
            "play": play,
        }
        if seats >= 5:
            guide["call"] = ["the king the taker calls: `KH`"]
        return guide
    if game == "tarocco-siciliano":
        rounds = " (rounds apart with `/`)" if seats == 4 else ""
        return {
            "deal": deal,
            "auction": [
                f"the calls in turn from seat {eldest}{rounds}: {_words(game, seats)}",
                *(["`chiamo T19` names the trump called"] if seats == 4 else []),
            ],
            "discard": ["the declarer's scarto, once he has taken the talon"],
            "announce": ["`3: scommessa`, `2: rivanto`"],
            "play": play,
        }
    if game == "marafone":
        guide = {"deal": deal}
        if seats == 5:
            guide["auction"] = [f"the calls in turn from the holder of 5S: {_words(game, seats)}"]
            guide["call"] = ["the card the declarer calls: `3D`"]
        guide["trump"] = ["the trump suit named: D (coins), C (cups), S (swords) or B (batons)"]
        guide["play"] = [
            *play[:1],
            "1. 3D busso 5D 6D 7D   (a signal after the lead: busso, striscio, volo);",
            "a claim between tricks: `fuori 1`",
        ]
        return guide
    return {  # waite-tarot
        "deal": deal,
        "discard": ["the dealer's 3 cards, once he has taken the 3 left over"],
        "exchange": ["a Tarot handed to an asker, and the card given back: `1>2: EX`"],
        "announce": ["`2: ask`, `1: greater T21 T20 T19`, `2: sequence KS QS CS JS`"],
        "play": play,
    }


@app.command()
def new(
    game: Annotated[str, typer.Option("--game", "-g", help="The Game tag, e.g. french-tarot.")],
    seats: Annotated[int, typer.Option("--seats", "-n", help="Number of players.")],
    dealer: Annotated[int, typer.Option("--dealer", help="The dealer's seat.")] = 1,
    players: Annotated[
        str | None, typer.Option("--players", help="The players' names by seat: A,B,C,D.")
    ] = None,
    variant: Annotated[str | None, typer.Option("--variant", help="Rule variant.")] = None,
) -> None:
    """Print a fill-in skeleton record to start a transcription in a text editor."""
    names = [n.strip() for n in players.split(",")] if players else None
    try:
        text = skeleton(game, seats, dealer, names, variant)
    except ValueError as error:
        typer.echo(f"trunfu new: {error}", err=True)
        raise typer.Exit(2) from None
    typer.echo(text, nl=False)
