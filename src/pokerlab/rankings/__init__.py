"""How five cards are ranked: hold'em's tables, the other rankings, categories and names."""
