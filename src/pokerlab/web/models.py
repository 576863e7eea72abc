"""The JSON API's request bodies: pydantic models whose validators reuse the library's parsers.

Each field is checked on its own, so a bad value is reported against its field by name
(``players[1]``, ``board``); the library's input errors are ``ValueError`` subclasses, which
pydantic turns into field errors with the library's message.

>>> EquityRequest(players=["as ks", "QQ+,AKs"], board="Qh7h3s").players
['AsKs', 'QQ+,AKs']
>>> EquityRequest(players=["AsKs", "Zz"])
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for EquityRequest
players.1
  Value error, unknown range token: 'Zz' at position 0
  Zz
  ^^ [type=value_error, input_value='Zz', input_type=str]
...
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue

from pokerlab.cards import format_cards, parse_cards
from pokerlab.equity import RANDOM_WORDS
from pokerlab.errors import HandSizeError, InvalidCardError, InvalidRangeError, PaytableError
from pokerlab.ranges import Range
from pokerlab.videopoker import MAX_COINS, PAYTABLES, dealt_hand

MAX_TEXT = 200
"""Longest card or range text accepted: enough for any real range, and bounds parsing work."""

MAX_SECONDS = 30.0
"""Largest time budget a request may ask for; the server's own limit may be lower."""


def _compact(cards: tuple[int, ...]) -> str:
    return format_cards(cards).replace(" ", "")


def _board(text: str) -> str:
    cards = parse_cards(text)
    if len(cards) not in (0, 3, 4, 5):
        raise HandSizeError(f"a board has 0, 3, 4 or 5 cards, got {len(cards)}")
    return _compact(cards)


def _dead(text: str) -> str:
    return _compact(parse_cards(text))


def _player(text: str) -> str:
    """Two hole cards, ``random``, or a non-empty range; returned in a canonical spelling."""
    if not text.strip():
        raise ValueError("empty: give two cards ('AsKs'), a range ('QQ+,AKs') or 'random'")
    if text.strip().lower() in RANDOM_WORDS:
        return "random"
    try:
        cards = parse_cards(text)
    except InvalidCardError:
        if not Range(text):
            raise InvalidRangeError(f"the range {text!r} is empty") from None
        return text.strip()
    if len(cards) != 2:
        raise HandSizeError(f"a hold'em hand has 2 cards, got {len(cards)}")
    return _compact(cards)


def _hole_cards(text: str) -> str:
    cards = parse_cards(text)
    if len(cards) != 2:
        raise HandSizeError(f"a hold'em hand has 2 cards, got {len(cards)}")
    return _compact(cards)


def _video_poker_hand(text: str) -> str:
    return _compact(dealt_hand(text))


def _paytable_name(name: str) -> str:
    # checked against the built-in names here: the library would also read a file of that name
    if name not in PAYTABLES:
        raise PaytableError(f"unknown pay table: choose one of {', '.join(PAYTABLES)}")
    return name


Text = Annotated[str, Field(max_length=MAX_TEXT)]
Board = Annotated[Text, AfterValidator(_board), Field(description="0, 3, 4 or 5 cards, e.g. 'Qh7h3s'")]
Dead = Annotated[Text, AfterValidator(_dead), Field(description="Cards out of play, e.g. '2c 9d'")]
Player = Annotated[Text, AfterValidator(_player),
                   Field(description="Hole cards ('AsKs'), a range ('QQ+,AKs') or 'random'")]
HoleCards = Annotated[Text, AfterValidator(_hole_cards), Field(description="Two hole cards, e.g. 'AsKs'")]
Seconds = Annotated[float, Field(gt=0, le=MAX_SECONDS,
                                 description="Time budget in seconds (the server may cap it lower): "
                                             "exact if it fits, else Monte Carlo until it runs out")]
Seed = Annotated[int | None, Field(ge=0, lt=2**63, description="Monte Carlo seed, for repeatable runs")]

PaytableName = Annotated[Text, AfterValidator(_paytable_name),
                         Field(description="A built-in pay table; files are not read over the web",
                               json_schema_extra={"enum": list(PAYTABLES)})]


class Request(BaseModel):
    """Every body refuses unknown fields, so a misspelt option is reported, not ignored, and takes
    each value only as its JSON type: ``"0.5"`` is not a number, nor ``true``, nor ``"1"`` a position."""

    model_config = ConfigDict(extra="forbid", strict=True)


EQUITY_EXAMPLES: tuple[dict[str, JsonValue], ...] = (
    {"players": ["AsKs", "QdQc"]},
    {"players": ["AhKh", "2c2d"], "board": "Qh7h3s"},
    {"players": ["AsKs", "QQ+,AKs", "random"], "seconds": 0.5},
    {"players": ["AcAd", *["random"] * 9], "board": "Kd7c2h", "seconds": 1.0},
)
"""Equity requests from the lightest to the heaviest: exact preflop, exact on a flop, ranges,
ten players on a flop (Monte Carlo within its time). The API page shows them; load tests send them."""


class EquityRequest(Request):
    """Who wins how often, for 2 to 10 players."""

    model_config = ConfigDict(json_schema_extra={"examples": list(EQUITY_EXAMPLES)})

    players: list[Player] = Field(min_length=2, max_length=10, examples=[["AsKs", "QdQc"]])
    board: Board = ""
    dead: Dead = ""
    seconds: Seconds = 1.0
    seed: Seed = None


class GridRequest(Request):
    """The odds grid of one hand against random opponents."""

    hand: HoleCards = Field(examples=["AsKs"])
    board: Board = ""
    opponents: int = Field(1, ge=1, le=9)
    seconds: Seconds = 1.0
    seed: Seed = None


class HoldsRequest(Request):
    """Every hold of a dealt video poker hand with its EV."""

    hand: Annotated[Text, AfterValidator(_video_poker_hand),
                    Field(description="Five distinct cards", examples=["As Ks Kh 4s 4d"])]
    paytable: PaytableName = "jacks-9-6"
    coins: int = Field(default=MAX_COINS, ge=1, le=MAX_COINS)


class SessionRequest(Request):
    """A new video poker session."""

    paytable: PaytableName = "jacks-9-6"
    coins: int = Field(default=MAX_COINS, ge=1, le=MAX_COINS)
    seed: Seed = None


class FieldProblem(BaseModel):
    """One thing wrong with a request: which field, and what."""

    field: str = Field(examples=["players[1]"])
    problem: str = Field(examples=["duplicate card: As, already in players[0]"])


class Refusal(BaseModel):
    """Every 4xx answer: ``detail`` to show a person, ``errors`` to act on field by field."""

    detail: str = Field(examples=["players[1]: duplicate card: As, already in players[0]"])
    errors: list[FieldProblem]


class DrawRequest(Request):
    """The positions (1..5) to hold before the draw."""

    hold: list[Annotated[int, Field(ge=1, le=5)]] = Field(max_length=5, examples=[[2, 3]])
