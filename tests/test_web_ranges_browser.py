"""The Ranges page in a real headless Chromium: painting the 13 x 13 grid by click, drag and keyboard
with the PokerStove text kept in step both ways, and the breakdown, per-hand equity heat map and
next-card table checked against the library."""

import pytest

from browser import AA_CONTRAST, check_screens, needs_chromium, new_page, pick, text_contrasts
from pokerlab import Range, breakdown
from pokerlab.analyses.runouts import runouts
from pokerlab.equity.api import equity

pytestmark = needs_chromium


@pytest.fixture
def page(browser, url):
    with new_page(browser, url) as opened:
        opened.goto(url + "ranges")
        opened.wait_for_selector('#range-grid [data-hand="AA"]')
        yield opened


def painted(page):
    hands = "(cells) => cells.map((c) => c.dataset.hand)"
    return set(page.eval_on_selector_all("#range-grid [aria-pressed=true]", hands))


def cell(page, hand):
    return page.locator(f'#range-grid [data-hand="{hand}"]')


def test_grid_and_text_stay_in_step(page):
    cell(page, "AA").click()
    assert page.input_value("#range-text") == "AA"
    start, end = cell(page, "99").bounding_box(), cell(page, "66").bounding_box()
    page.mouse.move(start["x"] + 5, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(end["x"] + 5, end["y"] + 5, steps=10)  # down the diagonal, through the suited connectors
    page.mouse.up()
    assert {"AA", "99", "88", "77", "66"} <= painted(page)
    text = page.input_value("#range-text")
    assert (Range(text).weights == Range(",".join(painted(page))).weights).all(), text
    cell(page, "AA").click()  # a second click takes a hand out
    assert "AA" not in painted(page)

    page.fill("#weight", "50")
    cell(page, "KQo").click()
    assert "KQo:0.5" in page.input_value("#range-text")

    page.fill("#range-text", "QQ+, AKs:0.5, JTs-98s")  # and the text paints the grid
    assert painted(page) == {"AA", "KK", "QQ", "AKs", "JTs", "T9s", "98s"}
    assert "50%" in cell(page, "AKs").get_attribute("aria-label")
    combos = float(Range("QQ+, AKs:0.5, JTs-98s").weights.sum())
    assert page.inner_text("#range-size").startswith(f"{combos:g} combos")


def test_painting_by_keyboard(page):
    cell(page, "AA").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    assert painted(page) == {"KK"}
    assert page.evaluate("() => document.activeElement.dataset.hand") == "KK"
    assert page.input_value("#range-text") == "KK"


def test_breakdown_bars_expand_to_their_hands(page):
    page.fill("#range-text", "QQ+,AK,KQs")
    pick(page, "Ah", "7d", "2c")
    page.wait_for_selector("#breakdown-panel[data-state=done]")
    expected = breakdown("QQ+,AK,KQs", "Ah7d2c")
    shown = {line.get_attribute("data-name") for line in page.locator("#breakdown details").all()}
    assert shown == {name for name, line in {**expected.made, **expected.draws}.items() if line.combos}
    sets = page.locator('#breakdown details[data-name="set"]')
    assert not sets.locator(".hands").is_visible()
    sets.locator("summary").click()
    assert set(sets.locator(".hands").inner_text().split()) == set(expected.made["set"].hands)
    share = expected.made["set"].share
    assert f"{100 * share:.1f}%" in page.inner_text('#breakdown details[data-name="set"] .share')


def test_equity_heat_map_and_next_card(page):
    page.fill("#range-text", "AhKh")
    page.fill("#villain-text", "2c2d")
    pick(page, "Qh", "7h", "3s")
    page.wait_for_selector("#runouts-panel[data-state=done]")
    expected = runouts(["AhKh", "2c2d"], "Qh7h3s")
    for card in ("2h", "Qs", "Kd"):
        shown = int(page.inner_text(f'#runouts td[data-card="{card}"]'))
        assert shown == round(100 * expected.by_card[card].players[0].equity)
    assert page.inner_text('#runouts td[data-card="7h"]') == "–", "a board card cannot come"

    page.select_option("#view", "equity")
    page.wait_for_selector('#range-grid [data-hand="AKs"][data-equity]:not([data-equity=""])')
    shown = float(cell(page, "AKs").get_attribute("data-equity"))
    assert shown == pytest.approx(equity(["AhKh", "2c2d"], "Qh7h3s").players[0].equity)
    assert "equity" in cell(page, "AKs").get_attribute("aria-label")
    cell(page, "AKs").focus()  # the hand's own combos, each with its equity
    assert page.inner_text("#hand-detail") == f"AKs against the villain: AhKh {100 * shown:.1f}%."


def test_ranges_screens(page):
    check_screens(page, "ranges-empty")
    page.fill("#range-text", "QQ+,AK,KQs,JTs-54s")
    pick(page, "Ah", "7d", "2c")
    page.wait_for_selector("#breakdown-panel[data-state=done]")
    page.wait_for_selector("#runouts-panel[data-state=done]")
    page.locator("#breakdown details >> nth=0").locator("summary").click()
    check_screens(page, "ranges")


def test_every_cell_reads_at_every_weight(page):
    """Computed from the colours the browser draws: a cell painted at any weight, the heat map
    and the next-card table all reach AA contrast (a gradient behind the text counts as 0)."""
    for step, hand in zip(range(5, 101, 5), ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55", "44", "33",
                                             "22", "AKs", "AQs", "AJs", "ATs", "A9s", "A8s", "A7s"]):
        page.fill("#weight", str(step))
        cell(page, hand).click()
    low = [(hand, round(ratio, 2)) for hand, ratio in text_contrasts(page, "#range-grid .hand") if ratio < AA_CONTRAST]
    assert not low, f"range cells under {AA_CONTRAST}:1: {low}"
    page.fill("#villain-text", "JJ+,AQs+")
    page.select_option("#view", "equity")
    pick(page, "Kh", "7d", "2c")
    page.wait_for_selector('#range-grid [data-hand="AA"][data-equity]:not([data-equity=""])')
    page.wait_for_selector("#runouts-panel[data-state=done]")
    for selector in ("#range-grid .hand", "#runouts td"):
        low = [(text, round(ratio, 2)) for text, ratio in text_contrasts(page, selector) if ratio < AA_CONTRAST]
        assert not low, f"{selector} under {AA_CONTRAST}:1: {low}"


def test_a_sampled_next_card_table_shows_its_margin(page):
    page.fill("#range-text", "QQ+,AK")
    pick(page, "Ah", "7d", "2c")  # against random: too many deals to enumerate, so sampled
    page.wait_for_selector("#runouts-panel[data-state=done]")
    summary = page.inner_text("#runouts-summary")
    assert "Monte Carlo" in summary and "±" in summary, summary
    cells = page.eval_on_selector_all("#runouts td[data-equity]", """(cs) => cs.map((c) => [c.dataset.card,
        Number(c.dataset.equity), Number(c.dataset.margin), c.title])""")
    assert cells and all(margin > 0 and "±" in title for _, _, margin, title in cells)
    # a card listed as best (or worst) is clearly so: its whole interval lies above (below) the equity now
    now = float(summary.split("The range has ")[1].split("%")[0]) / 100
    by_card = {card: (equity, margin) for card, equity, margin, _ in cells}
    best = summary.split("Best next cards: ")[1].split(";")[0].split()
    worst = summary.split("worst: ")[1].rstrip(".").split()
    for card in best:
        if card in by_card:
            assert by_card[card][0] - by_card[card][1] > now - 0.0005, (card, by_card[card], now)
    for card in worst:
        if card in by_card:
            assert by_card[card][0] + by_card[card][1] < now + 0.0005, (card, by_card[card], now)


def test_a_sampled_heat_map_gives_each_hand_its_own_margin(page):
    from pokerlab.preflop import shipped_table

    # before the flop against random: minutes of deals to count, so sampled on any machine
    page.fill("#range-text", "22+,A2s+,K9s+,ATo+")
    page.select_option("#view", "equity")
    page.wait_for_selector('#range-grid [data-hand="AA"][data-equity]:not([data-equity=""])')
    assert "its own ±" in page.inner_text("#heat-note")
    exact = {row.hand: row.equity for row in shipped_table().rows}  # each class against one random hand
    margins = {}
    for hand in ("AA", "KK", "22", "AKs", "AKo", "A2s", "K9s"):
        shown, margins[hand] = (float(cell(page, hand).get_attribute(f"data-{key}")) for key in ("equity", "margin"))
        said = f"{100 * shown:.1f}% ±{100 * margins[hand]:.1f}%"
        assert said in cell(page, hand).get_attribute("aria-label") and said in cell(page, hand).get_attribute("title")
        assert abs(shown - exact[hand]) < 3 * margins[hand], (hand, shown, exact[hand], margins[hand])
    assert margins["AKs"] > margins["AKo"], "four combos are dealt less often than twelve: a wider margin"
    cell(page, "AKs").focus()
    assert page.inner_text("#hand-detail").count("±") == 4, "each combo with its own margin"
