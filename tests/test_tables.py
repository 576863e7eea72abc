import numpy as np

from pokerlab.rankings import tables
from pokerlab.rankings.category import CLASSES_PER_CATEGORY, HandCategory


def test_shipped_tables_are_what_the_generator_makes():
    built = tables.build_tables()
    shipped = tables.load_tables()
    for name in tables.SHIPPED:
        assert tables.npy_bytes(getattr(built, name)) == tables.npy_bytes(getattr(shipped, name)), name


def test_rank_weights_keep_every_hand_of_up_to_seven_cards_apart():
    keys = [tables.rank_key([r for r, c in enumerate(counts) for _ in range(c)])
            for n in range(8) for counts in tables.rank_multisets(n)]
    assert len(keys) == len(set(keys)) == 1 + 13 + 91 + 455 + 1820 + 6175 + 18395 + 49205
    assert max(keys) < 1 << tables.KEY_BITS


def test_weight_search_reproduces_a_prefix_of_the_weights():
    # the greedy search for 7 cards over fewer ranks gives the same first weights
    assert tables.find_rank_weights(n_ranks=7) == tables.RANK_WEIGHTS[:7]


def test_classes_per_category_match_cactus_kev():
    values = tables.class_values()
    for category in HandCategory:
        assert sum(1 for v in values if v[0] == category) == CLASSES_PER_CATEGORY[category]


def test_table_fits_in_l2_and_is_nearly_perfect():
    t = tables.load_tables()
    assert t.nbytes < 256 * 1024
    # 73,775 suit-blind hands of 5..7 cards occupy the rank table, between its margins of
    # zeros, with few holes
    width = 1 << tables.HASH_SHIFT
    assert np.count_nonzero(t.rank) == np.count_nonzero(t.rank[width:-width]) == 73_775
    assert len(t.rank) - 2 * width < 1.15 * 73_775


def test_every_key_of_the_key_space_reads_inside_the_rank_table():
    # a row of keys reads offsets[row] + (row << shift) + 0 .. width - 1
    t = tables.load_tables()
    width = 1 << tables.HASH_SHIFT
    rows = np.arange(len(t.offsets), dtype=np.int64)
    assert len(t.offsets) << tables.HASH_SHIFT == 1 << tables.KEY_BITS
    first = t.offsets.astype(np.int64) + (rows << tables.HASH_SHIFT)
    assert first.min() >= 0 and first.max() + width <= len(t.rank)


def test_flush_table_covers_masks_of_five_or_more():
    t = tables.load_tables()
    for mask in (0b11111, 0b1_0000_0000_1111, 0b1111100000000, 0b1010101010101):
        assert t.flush[mask] > 0
    assert t.flush[0b1111] == 0


def test_displacement_hash_places_sparse_and_dense_keys_apart():
    rng = np.random.default_rng(1)
    for n, bits, shift in ((4888, 20, 13), (3000, 16, 4), (50, 24, 12)):
        keys = np.unique(rng.integers(0, 1 << bits, n))
        offsets, size = tables.displacement_hash(keys, shift)
        slots = keys + offsets[keys >> shift]
        assert len(np.unique(slots)) == len(keys)
        assert slots.min() >= 0 and slots.max() < size
