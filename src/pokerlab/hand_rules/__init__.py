"""How a hand is formed from hole and board cards: Omaha's exactly two plus three."""
