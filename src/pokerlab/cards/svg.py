"""Card faces as SVG, drawn here: corner indices, suit pips, court figures and a card back.

Every face is vector art on a 250 x 350 view box (a poker card's 5:7), so it stays crisp at
any size. The web app serves them at ``/cards/{card}.svg``.

>>> face = card_svg("As")
>>> face.startswith("<svg") and 'aria-label="Ace of Spades"' in face
True
>>> 'fill="#1d7a36"' in card_svg("Kc", four_color=True)  # four colours: clubs are green
True
>>> 'aria-label="card back"' in card_svg("back")
True
>>> card_svg("Zz")
Traceback (most recent call last):
...
pokerlab.errors.InvalidCardError: unknown card: 'Zz' in 'Zz'
"""

from __future__ import annotations

from pokerlab.cards.notation import RANK_NAMES, RANKS, card_rank, card_suit, parse_cards
from pokerlab.errors import InvalidCardError

WIDTH, HEIGHT = 250, 350
BACK = "back"
"""The name :func:`card_svg` takes for the card back."""

SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
TWO_COLORS = ("#111111", "#c8102e", "#c8102e", "#111111")
FOUR_COLORS = ("#1d7a36", "#1f57c3", "#c8102e", "#111111")

# Each suit drawn in a 100 x 100 box centred on the origin, placed by a transform.
_CIRCLE = "M{x},{y} m-{r},0 a{r},{r} 0 1,0 {d},0 a{r},{r} 0 1,0 -{d},0 Z"
_SUIT_PATHS = (
    "".join(_CIRCLE.format(x=x, y=y, r=21, d=42) for x, y in ((0, -25), (-24, 9), (24, 9)))
    + "M-5,8 C-5,30 -11,42 -20,50 L20,50 C11,42 5,30 5,8 Z",
    "M0,-50 L38,0 L0,50 L-38,0 Z",
    "M0,46 C-22,24 -50,6 -50,-19 C-50,-39 -36,-50 -23,-50 C-11,-50 -3,-42 0,-32 "
    "C3,-42 11,-50 23,-50 C36,-50 50,-39 50,-19 C50,6 22,24 0,46 Z",
    "M0,-50 C-22,-27 -50,-9 -50,13 C-50,31 -37,39 -25,39 C-15,39 -7,34 -3,27 C-4,39 -10,46 -19,50 "
    "L19,50 C10,46 4,39 3,27 C7,34 15,39 25,39 C37,39 50,31 50,13 C50,-9 22,-27 0,-50 Z",
)

# Pip centres of the number cards (x, y); those below the middle are drawn upside down.
_LEFT, _MID, _RIGHT = 78, 125, 172
_TOP, _BOTTOM = 78, 272
_ROWS4 = (78, 142.7, 207.3, 272)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_MID, _TOP), (_MID, _BOTTOM)),
    3: ((_MID, _TOP), (_MID, 175), (_MID, _BOTTOM)),
    4: ((_LEFT, _TOP), (_RIGHT, _TOP), (_LEFT, _BOTTOM), (_RIGHT, _BOTTOM)),
}
_PIPS[5] = (*_PIPS[4], (_MID, 175))
_PIPS[6] = (*_PIPS[4], (_LEFT, 175), (_RIGHT, 175))
_PIPS[7] = (*_PIPS[6], (_MID, 126.5))
_PIPS[8] = (*_PIPS[7], (_MID, 223.5))
_PIPS[9] = (*((x, y) for x in (_LEFT, _RIGHT) for y in _ROWS4), (_MID, 175))
_PIPS[10] = (*((x, y) for x in (_LEFT, _RIGHT) for y in _ROWS4), (_MID, 110.3), (_MID, 239.7))

# The court figure's headwear, one per rank, drawn over the head in the top half.
_HEADWEAR = {
    9: '<path d="M96,96 Q98,70 125,67 Q150,70 154,96 Z" fill="{color}" stroke="#222" stroke-width="2"/>'
       '<path d="M150,74 Q168,52 176,60 Q164,66 156,84 Z" fill="#e0b020" stroke="#222" stroke-width="1.5"/>',
    10: '<path d="M98,92 Q101,72 111,76 Q117,58 125,66 Q133,58 139,76 Q149,72 152,92 Z" '
        'fill="#e0b020" stroke="#222" stroke-width="2"/>'
        '<circle cx="111" cy="76" r="3.5" fill="#fff"/><circle cx="125" cy="66" r="3.5" fill="#fff"/>'
        '<circle cx="139" cy="76" r="3.5" fill="#fff"/>',
    11: '<path d="M96,94 L96,64 L109,80 L125,58 L141,80 L154,64 L154,94 Z" '
        'fill="#e0b020" stroke="#222" stroke-width="2"/>'
        '<rect x="96" y="88" width="58" height="8" fill="{color}" stroke="#222" stroke-width="1.5"/>',
}


def _pip(suit: int, x: float, y: float, size: float, color: str, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (f'<path transform="translate({x:g} {y:g}){turn} scale({size / 100:g})" '
            f'd="{_SUIT_PATHS[suit]}" fill="{color}"/>')


def _corner(rank: int, suit: int, color: str) -> str:
    """The rank and a small pip, top left; the caller repeats it turned about the centre."""
    squeeze = ' textLength="36" lengthAdjust="spacingAndGlyphs"' if rank == 8 else ""
    return (f'<text x="24" y="50" text-anchor="middle" font-family="Georgia, \'DejaVu Serif\', serif" '
            f'font-size="42" font-weight="bold" fill="{color}"{squeeze}>{_rank_label(rank)}</text>'
            + _pip(suit, 24, 76, 26, color))


def _rank_label(rank: int) -> str:
    return "10" if rank == 8 else RANKS[rank]


def _court(rank: int, suit: int, color: str) -> str:
    """A double-ended court figure in a frame: headwear, face, robe bearing the suit."""
    half = (_HEADWEAR[rank].format(color=color)
            + '<circle cx="125" cy="112" r="21" fill="#f6d7b8" stroke="#222" stroke-width="2"/>'
            + '<circle cx="117" cy="110" r="2.5" fill="#222"/><circle cx="133" cy="110" r="2.5" fill="#222"/>'
            + '<path d="M118,122 Q125,127 132,122" fill="none" stroke="#222" stroke-width="2"/>'
            + f'<path d="M82,175 L90,144 Q125,128 160,144 L168,175 Z" fill="{color}" stroke="#222" '
              'stroke-width="2"/>'
            + '<path d="M104,139 Q125,150 146,139" fill="none" stroke="#fff" stroke-width="5"/>'
            + _pip(suit, 125, 160, 20, "#fff"))
    return ('<rect x="52" y="40" width="146" height="270" rx="6" fill="#fbf3df" '
            f'stroke="{color}" stroke-width="3"/>'
            + half + f'<g transform="rotate(180 125 175)">{half}</g>'
            + f'<line x1="52" y1="175" x2="198" y2="175" stroke="{color}" stroke-width="2"/>')


def _back() -> str:
    """A lattice of small diamonds inside a white border, symmetric under a half turn."""
    diamonds = "".join(
        f'<path d="M{x},{y - 9} L{x + 7},{y} L{x},{y + 9} L{x - 7},{y} Z" fill="#f2f2f2" opacity="0.55"/>'
        for x in range(34, 217, 14) for y in range(36, 315, 18))
    return ('<rect x="14" y="14" width="222" height="322" rx="10" fill="#1d4e89" stroke="#fff" '
            'stroke-width="4"/>' + diamonds)


def card_svg(card: str | int, four_color: bool = False) -> str:
    """One card as a standalone SVG document: a face (``"As"``, ``"10h"``, id 0..51) or ``"back"``.

    ``four_color`` gives each suit its own colour (clubs green, diamonds blue) instead of
    red and black.

    >>> card_svg(0).count('d="M0,-50 L38,0')  # a club has no diamond pips
    0
    >>> card_svg("7d").count('d="M0,-50 L38,0')  # seven pips and two corner pips
    9
    >>> card_svg("AsKs")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InvalidCardError: expected one card, got 'AsKs'
    """
    if card == BACK:
        label, body = "card back", _back()
    else:
        ids = parse_cards(card) if isinstance(card, str) else parse_cards([card])
        if len(ids) != 1:
            raise InvalidCardError(f"expected one card, got {card!r}")
        (card_id,) = ids
        rank, suit = card_rank(card_id), card_suit(card_id)
        color = (FOUR_COLORS if four_color else TWO_COLORS)[suit]
        label = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
        corner = _corner(rank, suit, color)
        if rank == 12:
            middle = _pip(suit, 125, 175, 110, color)
        elif rank >= 9:
            middle = _court(rank, suit, color)
        else:
            middle = "".join(_pip(suit, x, y, 44, color, flip=y > 175) for x, y in _PIPS[rank + 2])
        body = corner + f'<g transform="rotate(180 125 175)">{corner}</g>' + middle
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
            f'height="{HEIGHT}" role="img" aria-label="{label}">'
            f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="16" fill="#fff" '
            f'stroke="#888" stroke-width="3"/>{body}</svg>')
