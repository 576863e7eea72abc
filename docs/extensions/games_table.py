"""A MkDocs hook: the table of games in docs/games.md, written from the catalog, so that game
names and rules are written in one place (:mod:`pokerlab.games.catalog`).

>>> table = games_table()
>>> table.splitlines()[0]
'| name | title | hole | board | deck | ranking | pot | rules |'
>>> "| `holdem` | Texas hold'em | 2 | 5 | 52 | standard | high |" in table
True
"""

from __future__ import annotations

from typing import Any

MARKER = "<!-- the catalog's games -->"
"""Where docs/games.md takes the table."""


def games_table() -> str:
    """Every game of the catalog as a Markdown table, in the catalog's order, as ``pokerlab games`` lists them."""
    from pokerlab.cli.main import hole_cards_text
    from pokerlab.games import GAMES

    lines = ["| name | title | hole | board | deck | ranking | pot | rules |", "|---|---|---|---|---|---|---|---|"]
    for game in GAMES.values():
        info = game.to_dict()
        board = str(game.board_cards) if game.board_cards else "—"
        cells = [f"`{game.name}`", game.title, hole_cards_text(game), board, str(info["deck"]), game.ranking,
                 str(info["pot"]), game.rules]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """MkDocs' hook on each page's Markdown: the marker becomes the table."""
    return markdown.replace(MARKER, games_table()) if MARKER in markdown else markdown
