"""The JSON API's request bodies: pydantic models whose validators reuse the library's parsers.

Each field is checked on its own, so a bad value is reported against its field by name
(``players[1]``, ``board``); the library's input errors are ``ValueError`` subclasses, which
pydantic turns into field errors with the library's message. What depends on the game (a
player's number of hole cards, a range's syntax) is checked with the game, by :func:`check_player`.

>>> EquityRequest(players=["as ks", "QQ+,AKs"], board="Qh7h3s").players
['AsKs', 'QQ+,AKs']
>>> EquityRequest(players=["AsKs", " "])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for EquityRequest
players.1
  Value error, empty: give hole cards ('AsKs'), a range ('QQ+,AKs') or 'random' ...
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
)

from pokerlab.cards.notation import format_cards, parse_cards
from pokerlab.equity.api import RANDOM_WORDS
from pokerlab.errors import HandSizeError, InvalidArgumentError, InvalidCardError, InvalidRangeError, PaytableError
from pokerlab.games import GAMES, Game
from pokerlab.games import get as get_game
from pokerlab.ranges.holdem import Range
from pokerlab.ranges.patterns import game_range, two_card_range
from pokerlab.videopoker import MAX_COINS, PAYTABLES, WILDS, Paytable, format_hand, parse_hand
from pokerlab.web.compute import hole_cards
from pokerlab.web.sessions import START_CREDITS

MAX_TEXT = 200
"""Longest card or range text accepted: enough for any real range, and bounds parsing work."""

MAX_CREDITS = 10**9
"""Most credits a video poker session may start with."""

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
    """Hole cards, ``random``, or range text, in a canonical spelling (checked against the game
    by :func:`check_player`, which needs the request's game)."""
    if not text.strip():
        raise ValueError("empty: give hole cards ('AsKs'), a range ('QQ+,AKs') or 'random'")
    if text.strip().lower() in RANDOM_WORDS:
        return "random"
    try:
        return _compact(parse_cards(text))
    except InvalidCardError:
        return text.strip()


def check_player(spec: str, game: Game) -> None:
    """Refuse a player (as :func:`_player` spells it) that the game cannot deal: the wrong number
    of hole cards, a card outside its deck, a range of another game's syntax, or an empty one.

    >>> check_player("AsKs", get_game("omaha"))
    Traceback (most recent call last):
    ...
    pokerlab.errors.HandSizeError: a Pot-limit Omaha hand has 4 cards, got 2
    """
    if spec == "random":
        return
    try:
        cards = parse_cards(spec)
    except InvalidCardError:
        empty = not (game_range(spec, game) if game.hole_used else two_card_range(spec, game))
        if empty:
            raise InvalidRangeError(f"the range {spec!r} is empty") from None
        return
    if len(cards) != game.hole_cards:
        raise HandSizeError(f"a {game.title} hand has {game.hole_cards} cards, got {len(cards)}")
    game.check_cards("hole cards", cards)


_PATTERN = re.compile(r"(?:\s*(?:(?:10|[2-9tjqka])[cdhs]?|[*x]))+\s*", re.IGNORECASE)
_PATTERN_CARD = re.compile(r"(?:10|[2-9tjqka])[cdhs]?|[*x]", re.IGNORECASE)
_SUIT_SHAPES = ("ds", "ss", "rainbow")


def game_player(spec: str, game: Game) -> str:
    """A player (as :func:`_player` spells it) as the game's ranges read it: in Omaha, a pattern
    naming fewer cards than a hand holds means any cards for the rest, as players write it
    (``AA`` is ``AAxx``, ``AKds`` is ``AKxxds``). Anything else is left as it is.

    >>> game_player("AA, KKds:0.5", get_game("omaha")), game_player("AA", get_game("holdem"))
    ('AAxx,KKxxds:0.5', 'AA')
    """
    if not game.hole_used or spec == "random" or hole_cards(spec) is not None:
        return spec
    items = []
    for item in spec.split(","):
        body, colon, weight = item.partition(":")
        body = body.strip()
        shape = next((s for s in _SUIT_SHAPES if body.lower().endswith(s) and _PATTERN.fullmatch(body[:-len(s)])), "")
        head = body[:len(body) - len(shape)]
        if _PATTERN.fullmatch(head):
            named = len(_PATTERN_CARD.findall(head))
            body = head.replace(" ", "") + "x" * max(game.hole_cards - named, 0) + shape
        items.append(body + colon + weight.strip())
    return ",".join(items)


def _game(name: str) -> str:
    game = get_game(name)
    if game.is_lowball:
        raise InvalidArgumentError(f"{game.name} ranks hands for evaluation only and has no odds; "
                                   f"choose one of {', '.join(GAME_NAMES)}")
    return game.name


GAME_NAMES = tuple(name for name, game in GAMES.items() if not game.is_lowball)
"""The games with odds, for the odds page."""


def _hole_cards(text: str) -> str:
    cards = parse_cards(text)
    if len(cards) != 2:
        raise HandSizeError(f"a hold'em hand has 2 cards, got {len(cards)}")
    return _compact(cards)


def _video_poker_hand(text: str) -> str:
    cards = parse_hand(text)
    if len(cards) != 5:
        raise HandSizeError(f"a video poker hand has 5 cards, got {len(cards)}")
    return format_hand(cards)


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
GameName = Annotated[Text, AfterValidator(_game), Field(description="The game (see GET /api/games)",
                                                        json_schema_extra={"enum": list(GAME_NAMES)})]


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

PAGE_REQUESTS: tuple[tuple[str, str, dict[str, JsonValue] | None], ...] = (
    *(("POST", "api/equity", body) for body in EQUITY_EXAMPLES),
    ("POST", "api/grid", {"hand": "AsKs", "board": "TsQs2d"}),
    ("POST", "api/videopoker/holds", {"hand": "As Ks Kh 4s 4d", "paytable": "jacks-9-6"}),
    ("POST", "api/icm", {"stacks": [5000, 3000, 2000, 1000], "payouts": [50, 30, 20]}),
    ("POST", "api/videopoker/sessions", None),
    ("GET", "api/paytables", None),
    ("GET", "", None),
    ("GET", "cards/Qh.svg", None),
)
"""(method, path below the app, JSON body or None): one of each kind of request the pages
send, from the lightest to the heaviest, for load tests."""


class EquityRequest(Request):
    """Who wins how often, for 2 to 10 players."""

    model_config = ConfigDict(json_schema_extra={"examples": list(EQUITY_EXAMPLES)})

    players: list[Player] = Field(min_length=2, max_length=10, examples=[["AsKs", "QdQc"]])
    board: Board = ""
    dead: Dead = ""
    seconds: Seconds = 1.0
    seed: Seed = None
    game: GameName = "holdem"
    by_combo: bool = Field(default=False, description="Also each combo of each range, and the 169 starting "
                                                      "hands (the games of two hole cards and one pot)")


class GridRequest(Request):
    """The odds grid of one hand against random opponents."""

    hand: HoleCards = Field(examples=["AsKs"])
    board: Board = ""
    opponents: int = Field(1, ge=1, le=9)
    seconds: Seconds = 1.0
    seed: Seed = None


def _range(text: str) -> str:
    if not Range(text):
        raise InvalidRangeError(f"the range {text!r} is empty")
    return text.strip()


class BreakdownRequest(Request):
    """What a hold'em range holds on a board: made hands and draws, combo by combo."""

    range: Annotated[Text, AfterValidator(_range), Field(examples=["QQ+,AK,KQs"])]
    board: Board = Field(description="3 to 5 cards", examples=["Ah7d2c"])
    dead: Dead = ""


class RunoutsRequest(Request):
    """Every hold'em player's equity after each card that can come next, on a flop or a turn."""

    players: list[Player] = Field(min_length=2, max_length=10, examples=[["AhKh", "2c2d"]])
    board: Board = Field(description="3 or 4 cards", examples=["Qh7h3s"])
    dead: Dead = ""
    seconds: Seconds = 2.0
    seed: Seed = None


def _paytable_choice(value: object) -> Paytable:
    """A built-in pay table by name, or a definition; never a file, which the library would read."""
    if isinstance(value, str):
        if value not in PAYTABLES:
            raise PaytableError(f"unknown pay table: choose one of {', '.join(PAYTABLES)}, or define one")
        return PAYTABLES[value]
    if isinstance(value, dict):
        return Paytable.from_dict(value, "custom")
    raise PaytableError("give a built-in pay table's name, or a definition: {name, game, wild, pays}")


AnyPaytable = Annotated[Paytable, PlainValidator(_paytable_choice), PlainSerializer(lambda table: table.name),
                        WithJsonSchema({"anyOf": [
                            {"type": "string", "enum": list(PAYTABLES)},
                            {"type": "object", "required": ["pays"], "additionalProperties": False,
                             "properties": {"name": {"type": "string"}, "game": {"type": "string"},
                                            "wild": {"type": "string", "enum": list(WILDS)},
                                            "pays": {"type": "object", "additionalProperties": {"type": "integer"},
                                                     "examples": [dict(PAYTABLES["jacks-8-5"].pays)]}}}],
                            "description": "A built-in pay table's name, or a game of one's own"})]
"""A built-in pay table by name, or a definition (wild cards and a pay per line)."""


class HoldsRequest(Request):
    """Every hold of a dealt video poker hand with its EV."""

    hand: Annotated[Text, AfterValidator(_video_poker_hand),
                    Field(description="Five distinct cards ('Jk': the joker)", examples=["As Ks Kh 4s 4d"])]
    paytable: AnyPaytable = Field(default_factory=lambda: PAYTABLES["jacks-9-6"])
    coins: int = Field(default=MAX_COINS, ge=1, le=MAX_COINS)


class SessionRequest(Request):
    """A new video poker session."""

    paytable: AnyPaytable = Field(default_factory=lambda: PAYTABLES["jacks-9-6"])
    coins: int = Field(default=MAX_COINS, ge=1, le=MAX_COINS)
    credits: int = Field(default=START_CREDITS, ge=0, le=MAX_CREDITS,
                         description="Credits to start with (play money: a page carries them over to a new game)")
    seed: Seed = None


class FieldProblem(BaseModel):
    """One thing wrong with a request: which field (its JSON path, and its name on the page), and what."""

    field: str = Field(examples=["players[1]"])
    label: str = Field(examples=["Player 2"])
    problem: str = Field(examples=["duplicate card: As, already in Player 1"])


class Refusal(BaseModel):
    """Every 4xx answer: ``detail`` to show a person, ``errors`` to act on field by field."""

    detail: str = Field(examples=["Player 2: duplicate card: As, already in Player 1"])
    errors: list[FieldProblem]


class DrawRequest(Request):
    """The positions (1..5) to hold before the draw."""

    hold: list[Annotated[int, Field(ge=1, le=5)]] = Field(max_length=5, examples=[[2, 3]])


class IcmRequest(Request):
    """Prize equity by ICM: the chip stacks and the prizes. The numbers are checked by the library,
    which names the list and the item at fault."""

    stacks: list[float] = Field(description="Chip stacks, one per player (1 to 24 players, at least 0 each)",
                                examples=[[50, 30, 20]])
    payouts: list[float] = Field(description="The prizes from first place down, never rising; no more places "
                                             "than players", examples=[[70, 30]])


class PushFoldRequest(Request):
    """Heads-up push/fold at one effective stack."""

    stack: float = Field(description="The effective stack in big blinds, blinds and antes included "
                                     "(1 + ante to 1000)", examples=[10])
    ante: float = Field(default=0.0, description="The ante each player posts, in big blinds")
