"""End to end in a real headless Chromium (Playwright with Debian's chromium): each page by clicking,
and the states a person must be able to trust (stale results, lost sessions, typed ranges).

Screenshots are saved under tests/artifacts/ (git-ignored) for a person to look at.
"""

import json
import re

import pytest

from browser import (
    PHONE,
    needs_chromium,
    new_page,
    pick,
    screenshot,
    wait_for_state,
    wait_for_text,
    wait_until,
)
from pokerlab import evaluate
from pokerlab.analyses.grid import grid
from pokerlab.equity.api import equity

pytestmark = needs_chromium
COMPILING_MS = 180_000


def in_play(page, card):
    return page.get_attribute(f'.deck button[data-card="{card}"]', "aria-disabled") == "true"


def test_hand_odds_by_clicking(page, url):
    page.goto(url)
    pick(page, "As", "Ks", "Qd", "Qc")
    wait_for_state(page, "exact")
    expected = equity(["AsKs", "QdQc"])
    for i, player in enumerate(expected.players):
        shown = float(page.get_attribute(f'.seat[data-player="{i}"] .equity', "data-equity"))
        assert shown == pytest.approx(player.equity)
    assert in_play(page, "As"), "a card in play cannot be picked again"
    page.dispatch_event('.deck button[data-card="As"]', "click")
    assert page.locator('.seat[data-player="1"] .slot.filled').count() == 2
    assert not in_play(page, "Ah")
    leader = 0 if expected.players[0].equity > expected.players[1].equity else 1
    assert page.get_attribute(".seat.leader", "data-player") == str(leader)

    equity_element = page.locator('.seat[data-player="1"] .equity').element_handle()
    pick(page, "Qh", "7h", "3s")  # the seats are full, so the picker moves on to the board
    made = evaluate("Qd Qc Qh 7h 3s").describe()
    wait_for_text(page, '.seat[data-player="1"] .made', made)
    expected = equity(["AsKs", "QdQc"], board="Qh7h3s")
    shown = float(page.get_attribute('.seat[data-player="1"] .equity', "data-equity"))
    assert shown == pytest.approx(expected.players[1].equity)
    assert equity_element.evaluate("(e) => e.isConnected"), "each street updates the seats in place"
    assert "Player 1" in page.inner_text("#announce"), "the odds are announced"

    page.click('.seat[data-player="0"] .slot >> nth=0')  # take back the ace of spades: it can be picked again
    assert not in_play(page, "As")
    wait_for_state(page, "waiting")
    assert page.get_attribute('.seat[data-player="0"] .equity', "data-equity") == "", "no odds for a half-empty seat"
    pick(page, "As")
    wait_for_state(page, "exact")
    screenshot(page, "odds.png")

    page.click("#clear")
    pick(page, "Ah", "Ad")
    for seat in (1, 2, 3):  # three random opponents preflop: too many deals to enumerate
        if seat > 1:
            page.click("#add-player")
        page.click(f'.seat[data-player="{seat}"] button.random')
    wait_for_text(page, '.seat[data-player="3"] .made', "random")
    wait_for_state(page, "done")  # Monte Carlo, refined until precise enough or out of time
    assert "±" in page.inner_text('.seat[data-player="0"] .equity')
    shares = [float(page.get_attribute(f'.seat[data-player="{i}"] .equity', "data-equity")) for i in range(4)]
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] == pytest.approx(equity(["AhAd", *["random"] * 3], exact=False, trials=100_000, seed=1)
                                      .players[0].equity, abs=0.02)
    screenshot(page, "odds-monte-carlo.png")


def address(page):
    """The page's address as the page has it now (Playwright's page.url follows a replaceState late)."""
    return page.evaluate("location.href")


def seat_error(page, index):
    return page.inner_text(f'.seat[data-player="{index}"] .field-error')


def test_typing_a_range_and_a_bad_one(page, url):
    page.goto(url + "odds")
    page.fill('.seat[data-player="0"] input', "A♥ K♥")  # symbols, as the library reads them
    page.fill('.seat[data-player="1"] input', "QQ+,ZZ")
    wait_for_state(page, "error")
    # the message sits in the seat it is about, and the seat and its box are marked
    assert seat_error(page, 1).startswith("unknown range token: 'ZZ'")
    assert page.get_attribute('.seat[data-player="1"] input', "aria-invalid") == "true"
    assert "invalid" in page.get_attribute('.seat[data-player="1"]', "class")
    assert seat_error(page, 0) == "" and page.inner_text("#error") == ""
    assert in_play(page, "Kh")
    page.fill('.seat[data-player="1"] input', "QQ+,AKs")
    wait_for_text(page, '.seat[data-player="1"] .made', "a range")
    assert seat_error(page, 1) == "" and page.get_attribute('.seat[data-player="1"] input', "aria-invalid") == "false"
    page.fill("#board-text", "Qh 7h 3h")
    wait_for_text(page, '.seat[data-player="0"] .made', evaluate("Ah Kh Qh 7h 3h").describe())
    assert in_play(page, "7h")
    page.fill("#dead-text", "Ah")  # already player 1's: the message names both places in words
    wait_for_state(page, "error")
    assert seat_error(page, 0).startswith("duplicate card: Ah, already in")
    assert page.get_attribute('.seat[data-player="0"] .equity', "data-equity") == "", "no odds stay beside an error"
    page.fill("#dead-text", "")
    page.fill("#board-text", "Qh 7h 3h 7h")  # a board's own error is named under the board
    wait_for_state(page, "error")
    assert page.inner_text("#board-error").startswith("duplicate card: 7h")
    assert "invalid" in page.get_attribute("#board-panel", "class")


def test_an_error_shows_beside_its_field_on_a_phone(browser, url):
    with new_page(browser, url, PHONE, has_touch=True, is_mobile=True) as phone:
        phone.goto(url + "odds")
        phone.fill('.seat[data-player="1"] input', "AA:0")
        phone.fill('.seat[data-player="0"] input', "AsKs")
        wait_for_state(phone, "error")
        field = phone.locator('.seat[data-player="1"] input')
        message = phone.locator('.seat[data-player="1"] .field-error')
        field.scroll_into_view_if_needed()
        assert "is empty" in message.inner_text()
        box, under = field.bounding_box(), message.bounding_box()
        assert 0 <= under["y"] - (box["y"] + box["height"]) < 40, "the message is right under the field"
        assert under["y"] + under["height"] <= PHONE["height"], "on the screen with the field"


def test_a_typed_range_sends_the_deck_on(page, url):
    page.goto(url + "odds")
    pick(page, "Ah", "Kh")
    page.fill('.seat[data-player="1"] input', "QQ+,AKs")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    pick(page, "Qh")  # for the flop: the deck moved on to the board once player 2's range was typed
    assert page.locator('#board .slot.filled[data-card="Qh"]').count() == 1
    assert not asked, f"no question about replacing the range: {asked}"
    assert page.input_value('.seat[data-player="1"] input') == "QQ+,AKs"
    assert page.inner_text("#picking") == "Pick the board"


def test_a_spot_is_kept_in_the_address_to_share(browser, page, url):
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    pick(page, "Ah", "Kh")
    page.fill('.seat[data-player="1"] input', "QQ+,AKs")
    page.click("#add-player")
    page.click('.seat[data-player="2"] button.random')
    page.fill("#board-text", "Qh7h3s")
    page.fill("#dead-text", "2c")
    wait_for_state(page, "done", "exact")
    shown = [page.get_attribute(f'.seat[data-player="{i}"] .equity', "data-equity") for i in range(3)]
    link = address(page)
    assert "board=Qh7h3s" in link and "dead=2c" in link
    with new_page(browser, url) as other:  # the link, opened elsewhere, shows the same spot
        other.goto(link)
        wait_for_state(other, "done", "exact")
        assert other.input_value('.seat[data-player="1"] input') == "QQ+,AKs"
        assert other.locator('.seat[data-player="0"] .slot.filled').count() == 2
        assert other.input_value("#board-text") == "Qh7h3s" and other.input_value("#dead-text") == "2c"
        assert other.locator(".seat").count() == 3
        again = [float(other.get_attribute(f'.seat[data-player="{i}"] .equity', "data-equity")) for i in range(3)]
        assert again == pytest.approx([float(x) for x in shown], abs=0.02)
    page.goto(url + "grid")
    page.go_back()  # back on the page, the spot is still there
    wait_for_state(page, "done", "exact")
    assert page.input_value("#board-text") == "Qh7h3s"


def test_grid_and_ranges_keep_their_spot_in_the_address(page, url):
    page.goto(url + "grid?hand=AsKs&board=TsQs2d&opponents=2")
    wait_for_state(page, "exact", "done")
    assert page.locator("#hand .slot.filled").count() == 2 and page.input_value("#opponents") == "2"
    page.select_option("#opponents", "3")
    assert "opponents=3" in address(page)
    page.goto(url + "ranges?range=QQ%2B%2CAKs&villain=JJ&board=Ah7d2c")
    page.wait_for_selector("#breakdown-panel[data-state=done]")
    assert page.input_value("#range-text") == "QQ+,AKs" and page.input_value("#villain-text") == "JJ"
    assert page.locator('#range-grid [data-hand="AKs"][aria-pressed=true]').count() == 1
    page.fill("#range-text", "KK")
    assert "range=KK" in address(page)

def test_picking_never_overwrites_a_typed_range_without_asking(page, url):
    page.goto(url + "odds")
    page.fill('.seat[data-player="0"] input', "QQ+,AKs")
    page.click('.seat[data-player="0"] .name')  # aim the picker at the seat with the range
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    pick(page, "2c")
    assert asked and "QQ+,AKs" in asked[0]
    assert page.input_value('.seat[data-player="0"] input') == "QQ+,AKs", "a no keeps the range"
    page.once("dialog", lambda dialog: dialog.accept())
    pick(page, "2c")
    assert page.locator('.seat[data-player="0"] .slot.filled[data-card="2c"]').count() == 1, "a yes takes the card"


def test_odds_grid_by_clicking(page, url):
    page.goto(url + "grid")
    page.click("#board .slot >> nth=0")
    pick(page, "Ts", "Qs", "2d")
    page.click("#hand .slot >> nth=0")
    pick(page, "As", "Ks")
    wait_for_state(page, "exact")
    expected = grid("AsKs", "TsQs2d")
    assert float(page.get_attribute("#equity", "data-win")) == pytest.approx(expected.win)
    rows = page.locator("#grid tr")
    assert rows.count() == 11  # header, nine categories, the opponents' sums
    flush_vs_pair = rows.nth(6).locator("td").nth(1)
    assert flush_vs_pair.inner_text() == f"{100 * expected.cell('FLUSH', 'PAIR').total:.2f}%"
    flush_vs_pair.click()  # a tap shows the cell's details, not only a hover tooltip
    assert page.inner_text("#cell-detail").startswith("You: Flush; best opponent: Pair.")
    screenshot(page, "grid.png")

    page.check("#four-color")  # four-colour faces, drawn in place: the cards entered stay
    page.wait_for_selector('.deck button[data-card="Kd"] img[src="/cards/Kd.svg?four_color=true"]')
    assert page.locator("#hand .slot.filled").count() == 2
    assert page.locator('#hand img[src="/cards/As.svg?four_color=true"]').count() == 1

    page.click('#hand .slot[data-card="As"]')  # the result no longer matches the hand: it goes
    wait_for_state(page, "waiting")
    assert page.locator("#grid tr").count() == 0
    assert page.inner_text("#equity") == ""


def test_a_computation_in_progress_dims_what_it_will_replace(page, url):
    page.goto(url + "grid")
    pick(page, "As", "Ks", "Ts", "Qs", "2d")
    wait_for_state(page, "exact")
    page.route("**/api/grid", lambda route: page.wait_for_timeout(400) or route.continue_())
    page.select_option("#opponents", "2")
    page.wait_for_selector("#result.busy[aria-busy=true]")
    page.wait_for_selector("#result[aria-busy=false]")
    assert page.locator("#grid tr").count() == 11, "the new grid replaced the dimmed one"


def test_video_poker_hand_to_the_end(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.check("#advice")
    page.click("#deal")
    page.wait_for_selector("#credits[data-value='995']")  # credits are taken at the deal
    page.wait_for_selector("#advice-panel:not([hidden]) table.holds tr.best")
    best = page.inner_text("table.holds tr.best td >> nth=0").split()
    dealt = [page.get_attribute(f'.vp-card[data-position="{p}"]', "data-card") for p in range(1, 6)]
    for position, card in enumerate(dealt, 1):
        if card in best:
            page.click(f'.vp-card[data-position="{position}"]')
    assert page.locator(".vp-card[aria-pressed=true]").count() == len([c for c in best if c in dealt])
    page.click("#deal")  # now labelled Draw
    page.wait_for_selector("#message:not([data-paid=''])")
    paid = int(page.get_attribute("#message", "data-paid"))
    assert page.get_attribute("#credits", "data-value") == str(1000 - 5 + paid)
    assert page.inner_text("#hands") == "1"
    assert page.get_attribute("#verdict", "data-optimal") == "true", "holding the advised cards is optimal"
    assert page.locator("#verdict.good .icon").inner_text() == "✔"
    assert page.locator("#verdict .graded .card").count() == 5, "the graded hand stays in view"
    assert "Best hold" in page.inner_text("#announce")
    assert page.inner_text("#mistakes").startswith("0")
    assert page.inner_text("#deal") == "Deal"
    screenshot(page, "videopoker.png")

    page.click("#deal")  # a mistake on purpose: the worst hold of the advice
    wait_for_text(page, "#deal", "Draw")
    page.wait_for_selector("#advice-panel:not([hidden]) table.holds tr.best")
    worst = page.inner_text("table.holds tr:last-child td >> nth=0").split()
    for position in range(1, 6):
        if page.get_attribute(f'.vp-card[data-position="{position}"]', "data-card") in worst:
            page.click(f'.vp-card[data-position="{position}"]')
    page.click("#deal")
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.get_attribute("#verdict", "data-optimal") == "false"
    assert page.locator("#verdict.bad .icon").inner_text() == "✘"
    assert "Mistake" in page.inner_text("#verdict") and "Mistake" in page.inner_text("#announce")
    page.wait_for_selector("#mistakes-panel:not([hidden]) #mistake-log li")  # the error log lists it
    assert page.locator("#mistake-log li").count() == 1


def test_video_poker_games_and_their_strategy_charts(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    assert page.locator("#paytable option").count() >= 9, "every built-in game can be played"
    # A chart takes the server up to a minute the first time (its own tests cover that): here the
    # server's two answers are stood in for, "pending" and then the chart, to keep this test quick.
    answers = [(202, {"paytable": "jacks-9-6", "coins": 5, "pending": True}),
               (200, {"paytable": "jacks-9-6", "coins": 5, "pending": False,
                      "lines": ["Royal flush", "4 to a royal flush"],
                      "expected_return": 0.995, "optimal_return": 0.99544})]
    asked = []

    def chart(route):
        asked.append(route.request.url)
        status, body = answers[min(len(asked), len(answers)) - 1]
        route.fulfill(status=status, content_type="application/json", body=json.dumps(body))

    page.route("**/api/videopoker/strategy?*", chart)
    page.check("#strategy-toggle")
    page.wait_for_selector("#strategy li")
    assert len(asked) == 2 and "paytable=jacks-9-6&coins=5" in asked[0], "a pending chart is asked for again"
    assert page.locator("#strategy li").all_inner_texts() == answers[1][1]["lines"]
    assert page.inner_text("#strategy-return").endswith("Returns 99.50% (perfect play 99.54%).")
    page.uncheck("#strategy-toggle")
    page.select_option("#paytable", "deuces-wild-full-pay")
    page.wait_for_function("() => document.querySelector('#pays').textContent.includes('Four Deuces')")
    page.click("#deal")
    wait_for_text(page, "#deal", "Draw")


def test_a_lost_video_poker_session_starts_a_new_one(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    lost = {"detail": "Session: no such video poker session (it may have expired): start a new one",
            "errors": [{"field": "session", "label": "Session", "problem": "no such video poker session"}]}
    answer = {"status": 404, "content_type": "application/json", "body": json.dumps(lost)}
    page.route("**/deal", lambda route: route.fulfill(**answer), times=1)
    page.click("#deal")
    wait_for_text(page, "#message", "Your session had expired, so a new one started with your 1,000 credits.")
    assert page.inner_text("#error") == ""
    page.click("#deal")  # the new session deals
    page.wait_for_selector(".vp-card[data-card]:not([data-card=''])")
    assert page.inner_text("#error") == ""


def slowly(page, ms=300):
    """A route handler that holds each answer back a moment, as a busy server does."""
    return lambda route: page.wait_for_timeout(ms) or route.continue_()


def credits(page):
    return int(page.get_attribute("#credits", "data-value"))


def test_deal_and_draw_go_once_however_often_pressed(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.route("**/deal", slowly(page))
    page.route("**/draw", slowly(page))
    page.dblclick("#deal")
    assert page.get_attribute("#deal", "aria-disabled") == "true", "disabled while the deal is on its way"
    wait_for_text(page, "#deal", "Draw")
    page.wait_for_selector("#deal[aria-disabled=false]")
    assert page.inner_text("#error") == "" and credits(page) == 995
    for _ in range(3):  # Enter held down on the button
        page.keyboard.press("Enter")
    page.wait_for_selector("#message:not([data-paid=''])")
    page.wait_for_selector("#deal[aria-disabled=false]")
    assert page.inner_text("#error") == ""
    assert page.inner_text("#hands") == "1" and page.inner_text("#deal") == "Deal", "one draw, no deal after it"


def test_a_reload_keeps_the_credits_the_statistics_and_the_hand(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.select_option("#coins", "2")
    wait_for_text(page, "#pays th.coins", "2 coins")  # the new session's bet, before dealing on it
    page.click("#deal")
    wait_for_text(page, "#deal", "Draw")
    page.click("#deal")
    wait_for_text(page, "#deal", "Deal")
    page.click("#deal")  # a hand waiting for its draw when the page reloads
    wait_for_text(page, "#deal", "Draw")
    dealt = [page.get_attribute(f'.vp-card[data-position="{p}"]', "data-card") for p in range(1, 6)]
    before = credits(page)
    page.reload()
    wait_for_text(page, "#deal", "Draw")
    assert credits(page) == before and page.inner_text("#hands") == "1"
    assert page.input_value("#coins") == "2"
    assert [page.get_attribute(f'.vp-card[data-position="{p}"]', "data-card") for p in range(1, 6)] == dealt
    page.click("#deal")
    page.wait_for_selector("#message:not([data-paid=''])")
    assert page.inner_text("#hands") == "2" and page.inner_text("#error") == ""


def test_deal_waits_while_a_change_of_bet_starts_its_session(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    held = []
    page.route("**/api/videopoker/sessions", lambda route: held.append(route))
    page.select_option("#coins", "2")
    while not held:
        page.wait_for_timeout(20)
    assert page.get_attribute("#deal", "aria-disabled") == "true"
    page.click("#deal", force=True)  # on the session being replaced: ignored
    held[0].continue_()
    wait_for_text(page, "#pays th.coins", "2 coins")
    page.wait_for_selector("#deal[aria-disabled=false]")
    assert page.inner_text("#deal") == "Deal" and credits(page) == 1000, "nothing was dealt meanwhile"
    page.click("#deal")
    wait_for_text(page, "#deal", "Draw")
    assert credits(page) == 998, "the hand is bet at the new session's two coins"


def test_a_change_of_bet_while_a_draw_is_on_its_way_waits_for_it_then_asks(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.click("#deal")
    wait_for_text(page, "#deal", "Draw")
    held = []
    page.route("**/draw", lambda route: held.append(route))
    page.click("#deal")
    while not held:
        page.wait_for_timeout(20)
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.select_option("#coins", "1")  # while the draw is held back
    page.wait_for_timeout(200)
    assert not asked and page.input_value("#coins") == "1", "the choice waits for the draw, as chosen"
    held[0].continue_()
    wait_until(page, lambda: asked)  # then the question, about the hand just drawn
    assert "statistics of your 1 hand start again" in asked[0]
    page.wait_for_function("() => document.querySelector('#coins').value === '5'")  # no: the bet stays
    assert page.inner_text("#hands") == "1" and page.inner_text("#deal") == "Deal"


def test_changing_the_game_or_bet_asks_and_keeps_the_credits(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.click("#deal")
    wait_for_text(page, "#deal", "Draw")
    page.click("#deal")
    wait_for_text(page, "#deal", "Deal")
    after_one = credits(page)
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.select_option("#coins", "1")
    wait_until(page, lambda: asked)  # a busy machine may take more than a moment to ask
    page.wait_for_function("() => document.querySelector('#coins').value === '5'")
    assert asked and "statistics of your 1 hand start again" in asked[0] and f"{after_one:,} credits" in asked[0]
    assert page.input_value("#coins") == "5" and credits(page) == after_one and page.inner_text("#hands") == "1"
    page.once("dialog", lambda dialog: dialog.accept())
    page.select_option("#coins", "1")
    page.wait_for_function("() => document.querySelector('#hands').textContent === '0'")
    assert credits(page) == after_one, "the credits carry over"
    page.click("#deal")  # mid-hand: the question says the bet is given up
    wait_for_text(page, "#deal", "Draw")
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.select_option("#paytable", "deuces-wild-full-pay")
    page.wait_for_function("() => document.querySelector('#pays').textContent.includes('Four Deuces')")
    assert "its bet of 1 is given up" in asked[-1]
    assert credits(page) == after_one - 1 and page.inner_text("#deal") == "Deal"


def test_api_docs_render_offline(page, url):
    page.goto(url + "docs")
    page.wait_for_selector(".opblock-summary-path[data-path=\"/api/equity\"]")
    assert page.locator(".opblock").count() >= 8
    screenshot(page, "docs.png")


def test_game_selector(page, url):
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "omaha")
    assert page.locator('.seat[data-player="0"] .slot').count() == 4, "Omaha deals four hole cards"
    pick(page, "As", "Ks", "Qs", "Js", "Ad", "Ac", "2d", "3c")
    # The first Omaha answer in a fresh process waits for its kernels to compile (Numba caches them after).
    wait_for_state(page, "exact", "done", timeout=COMPILING_MS)
    expected = equity(["AsKsQsJs", "AdAc2d3c"], game="omaha", exact=False, trials=200_000, seed=1)
    shown = float(page.get_attribute('.seat[data-player="0"] .equity', "data-equity"))
    assert shown == pytest.approx(expected.players[0].equity, abs=0.02)

    page.select_option("#game", "short-deck")  # 36 cards from six up; the seats keep what still fits
    assert page.locator(".deck button:visible").count() == 36
    assert not page.locator('.deck button[data-card="5h"]').is_visible()
    assert page.locator('.seat[data-player="0"] .slot.filled').count() == 2
    assert "2d 3c from Player 2" in page.inner_text("#notice"), "the cards the deck left out are named"


def test_the_deck_picker_lays_out_any_deck_a_row_of_its_ranks_a_suit(page, url):
    """A deck of another size than the catalog's two (a royal deck, tens to aces) is laid out
    from its own size: five columns a suit, not short deck's nine."""
    royal = [f"{rank}{suit}" for rank in "TJQKA" for suit in "cdhs"]

    def games(route):
        served = route.fetch().json()
        served["games"].append({**served["games"][0], "name": "royal-holdem", "title": "Royal hold'em",
                                "deck": 20, "cards": royal})
        route.fulfill(json=served)

    page.set_viewport_size({"width": 1280, "height": 900})
    page.route("**/api/games", games)
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    for game, ranks in (("royal-holdem", 5), ("short-deck", 9), ("holdem", 13)):
        page.select_option("#game", game)
        assert page.locator(".deck button:visible").count() == 4 * ranks
        columns = page.eval_on_selector(".deck .suit", "e => getComputedStyle(e).gridTemplateColumns.split(' ').length")
        assert columns == ranks, game


def test_the_page_s_games_and_its_default_are_the_server_s(page, url):
    """The odds page knows no game of its own: the first the server lists is its default."""
    def omaha_first(route):
        served = route.fetch().json()
        served["games"].sort(key=lambda game: game["name"] != "omaha")
        route.fulfill(json=served)

    page.route("**/api/games", omaha_first)
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    assert page.input_value("#game") == "omaha"
    assert page.locator('.seat[data-player="0"] .slot').count() == 4
    pick(page, "As", "Ks", "Qs", "Js")
    assert "game=" not in page.url, "the default game stays out of the address"
    page.select_option("#game", "holdem")
    page.wait_for_function("() => location.search.includes('game=holdem')")


def test_short_deck_says_which_board_cards_it_drops(page, url):
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    pick(page, "Ah", "Kh", "Qd", "Qc")
    page.fill("#board-text", "Qh7h3s")
    page.select_option("#game", "short-deck")
    assert page.inner_text("#notice") == \
        "Short deck (six plus) hold'em deals 36 cards, so 3s from the board was taken off."
    assert page.locator("#board .slot.filled").count() == 2
    page.click("#clear")
    assert page.inner_text("#notice") == ""


def test_a_link_s_cards_outside_its_game_s_deck_are_taken_off_and_said(page, url):
    page.goto(url + "odds?game=short-deck-omaha&p=AsKsQdJd&p=2c3c4c5c&board=2h7h8c")
    page.wait_for_selector("#game option", state="attached")
    page.wait_for_function("() => document.querySelector('#notice').textContent !== ''")
    assert page.inner_text("#notice") == \
        "Short deck (6+) Omaha deals 36 cards, so 2c 3c 4c 5c from Player 2, 2h from the board were taken off."
    assert page.locator('.seat[data-player="1"] .slot.filled').count() == 0
    assert page.locator("#board .slot.filled").count() == 2


def test_omaha_help_and_ranges_as_omaha_players_write_them(page, url):
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    assert "QQ+" in page.get_attribute('.seat[data-player="0"] input', "placeholder")
    page.select_option("#game", "omaha")
    placeholder = page.get_attribute('.seat[data-player="0"] input', "placeholder")
    assert "AA" in placeholder and "QQ+" not in placeholder
    assert "AAxx" in page.inner_text("#range-help") and "ds" in page.inner_text("#range-help")
    pick(page, "As", "Ks", "Qd", "Jd")
    page.fill('.seat[data-player="1"] input', "AA")  # two aces and any two cards
    page.fill("#board-text", "9h8h7d")
    wait_for_state(page, "exact", "done", timeout=COMPILING_MS)
    assert seat_error(page, 1) == "" and page.inner_text("#error") == ""
    shown = float(page.get_attribute('.seat[data-player="1"] .equity', "data-equity"))
    expected = equity(["AsKsQdJd", "AAxx"], "9h8h7d", game="omaha", exact=False, trials=100_000, seed=1)
    assert shown == pytest.approx(expected.players[1].equity, abs=0.02)


def test_omaha_typed_right_after_random_is_answered(page, url):
    """One user typing a flop half a second after clicking random: the newer request replaces the
    older, and the page ends on the answer, not on an error."""
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "omaha5")
    pick(page, "As", "Ks", "Qd", "Jd", "Tc")
    page.click('.seat[data-player="1"] button.random')
    page.wait_for_timeout(500)
    page.fill("#board-text", "9h8h7d")
    wait_for_state(page, "exact", "done", timeout=COMPILING_MS)
    assert page.inner_text("#error") == "" and seat_error(page, 0) == "" and seat_error(page, 1) == ""
    assert page.get_attribute('.seat[data-player="0"] .equity', "data-equity") != ""


def test_hi_lo_figures_read_as_shares_of_the_pot_and_of_runouts(page, url):
    page.goto(url + "odds")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "omaha-hilo")
    pick(page, "Ah", "2h", "3c", "Kd", "Ks", "Kc", "Qd", "Qs")
    page.fill("#board-text", "4h5s9c")
    wait_for_state(page, "exact", "done", timeout=COMPILING_MS)
    expected = equity(["Ah2h3cKd", "KsKcQdQs"], "4h5s9c", game="omaha-hilo").players[0]
    pot, runs = page.locator('.seat[data-player="0"] .figures div').all_inner_texts()
    assert pot == f"share of the pot: high {100 * expected.hi_equity:.1f}% + low {100 * expected.lo_equity:.1f}%"
    assert runs == (f"of runouts: scoops {100 * expected.scoop:.1f}% · part {100 * expected.tie:.1f}% · "
                    f"none {100 * expected.lose:.1f}%")
    assert expected.scoop + expected.tie + expected.lose == pytest.approx(1.0), "the runouts add up"
    assert expected.hi_equity + expected.lo_equity == pytest.approx(expected.equity), "the pot's halves add up"

def test_a_phone_by_touch(browser, url):
    """Taps pick cards, show a grid cell's details (there is no hover on a phone) and paint a range."""
    with new_page(browser, url, PHONE, has_touch=True, is_mobile=True) as phone:
        phone.goto(url + "grid")
        for card in ("As", "Ks", "Ts", "Qs", "2d"):
            phone.tap(f'.deck button[data-card="{card}"]')
        wait_for_state(phone, "exact", "done")
        phone.tap("#grid td[data-own] >> nth=0")
        assert phone.inner_text("#cell-detail").startswith("You: High Card; best opponent: High Card.")
        phone.goto(url + "ranges")
        phone.tap('#range-grid [data-hand="AKs"]')
        assert phone.input_value("#range-text") == "AKs"


def test_a_sampled_grid_gives_each_cell_its_margin(page, url):
    # first, in the server's process: the kernels' loading would take the page's time budget
    grid("AsKs", "TsQs2d4h9c")
    reference = grid("AsKs", opponents=2, trials=400_000, seed=1)  # a far larger sample, to judge the margins by
    page.goto(url + "grid?hand=AsKs&board=TsQs2d4h9c")  # on the river: a few hundred deals, exact
    # the page gives the grid a few seconds, half of them for an exact run: one that a busy
    # machine slows past that is given up for Monte Carlo, by design
    wait_for_state(page, "exact", "done", "error", timeout=COMPILING_MS)
    status = page.get_attribute("#status", "data-state")
    assert status in ("exact", "done"), page.inner_text("#status")
    margin = "±" in page.get_attribute("#grid td[data-own] >> nth=0", "title")
    assert margin == (status == "done"), "an exact grid has no margin, a sampled one has"
    # before the flop against two: too many deals to count (a process remembers those against one)
    page.goto(url + "grid?hand=AsKs&opponents=2")
    wait_for_state(page, "done", timeout=COMPILING_MS)
    cells = page.eval_on_selector_all("#grid td[data-own]", "(cs) => cs.map((c) => [c.dataset.row, c.dataset.col, "
                                      "Number(c.dataset.total), c.title])")
    labels = list(reference.to_dict()["cells"])
    for row, col, total, title in cells:
        expected = sum(reference.to_dict()["cells"][labels[int(row)]][labels[int(col)]].values())
        margin = float(title.split("±")[1].rstrip("%")) / 100  # shown to 0.01%
        assert abs(total - expected) < 3 * margin + 0.002, (row, col, total, expected, margin)
    page.click("#grid td[data-own] >> nth=10")
    detail = page.inner_text("#cell-detail")
    assert len(re.findall(r"±\d", detail)) == 4, f"the cell's share, and its win, tie and lose: {detail}"


def test_a_sampled_seat_says_how_far_its_figures_may_be_off(page, url):
    reference = equity(["AhAd", "random", "random"], exact=False, trials=400_000, seed=1).players[0]
    page.goto(url + "odds?p=AhAd&p=random&p=random")  # before the flop against random hands: sampled
    wait_for_state(page, "done", timeout=COMPILING_MS)
    lines = page.locator('.seat[data-player="0"] .figures div').all_inner_texts()
    assert len(lines) == 2 and lines[1].startswith("each within ±"), lines
    margin = float(lines[1].split("±")[1].split("%")[0]) / 100
    shown = [float(part.split()[1].rstrip("%")) / 100 for part in lines[0].split(" · ")]
    for name, value in zip(("win", "tie", "lose"), shown):
        assert abs(value - getattr(reference, name)) < 3 * margin + 0.001, (name, value, margin)
