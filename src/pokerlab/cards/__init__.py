"""Cards and hands of cards: ids, parsing, masks (:mod:`~pokerlab.cards.notation`), every
hand or random hands (:mod:`~pokerlab.cards.iterate`), card faces as SVG
(:mod:`~pokerlab.cards.svg`) and the random dealing the Monte Carlo kernels share
(:mod:`~pokerlab.cards.dealing`).

>>> from pokerlab.cards import Cards, parse_cards
>>> parse_cards("As Kd"), Cards("Ah Ad")
((51, 45), Cards('Ah Ad'))
"""

from pokerlab.cards.notation import Cards, CardsLike, cards_of, format_cards, mask_of, parse_cards

__all__ = ["Cards", "CardsLike", "cards_of", "format_cards", "mask_of", "parse_cards"]
