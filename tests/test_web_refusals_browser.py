"""Refusals where a person is looking, on every page, in a real headless Chromium at phone and
desktop sizes: the message sits right under the field it is about, the field is marked
``aria-invalid`` and names the message as its description, and on a phone the message is on the
screen with the field. (The odds page's seats, board and dead cards: tests/test_web_browser.py.)"""

import json

import pytest

from browser import DESKTOP, PHONE, needs_chromium, new_page, wait_for_state

pytestmark = needs_chromium

HANG_GUARD_MS = 120_000
"""How long a test waits for the page before it calls it hung: a bound, never a speed limit."""

BESIDE_PX = 40
"""The most space between a field and its message: the next line, not somewhere on the page."""


def refused(field: str, problem: str) -> dict[str, object]:
    """A refusal in the API's shape (for answers the pages cannot be led to by typing)."""
    return {"status": 422, "content_type": "application/json",
            "body": json.dumps({"detail": problem, "errors": [{"field": field, "label": field, "problem": problem}]})}


def wait_for_message(page, message: str) -> None:
    page.wait_for_function("(s) => document.querySelector(s)?.textContent.trim()", arg=message,
                           timeout=HANG_GUARD_MS)


def assert_beside(page, field: str, message: str, words: str, phone: bool, marked: bool = True) -> None:
    """The message says ``words``, right under the field, which is described by it and (unless
    not ``marked``: a button that asked) marked invalid; on a phone, both are on the screen
    together."""
    wait_for_message(page, message)
    assert words in page.inner_text(message)
    if marked:
        assert page.get_attribute(field, "aria-invalid") == "true"
    message_id = page.get_attribute(message, "id")
    assert message_id in (page.get_attribute(field, "aria-describedby") or "").split(), "linked for screen readers"
    if page.evaluate("(s) => document.activeElement !== document.querySelector(s)", field):
        # a refusal of a shared link: the person scrolls to the field; one typing is there already
        page.locator(field).evaluate("(e) => e.scrollIntoView({block: 'center'})")
    box, under = page.locator(field).bounding_box(), page.locator(message).bounding_box()
    gap = under["y"] - (box["y"] + box["height"])
    assert 0 <= gap < BESIDE_PX, f"the message is {gap:.0f} px below the field"
    if phone:
        height = page.viewport_size["height"]
        assert box["y"] >= 0 and under["y"] + under["height"] <= height + 1, "on the screen with the field"


def type_into(field: str, text: str):
    return lambda page: page.fill(field, text)


# page address, what to do there (None: the address is the bad input, as a shared link can
# be), the field, its message, words the message must hold
CASES = {
    "grid, a hand with one card twice": ("grid?hand=AsAs", None, "#hand", "#hand-error", "duplicate card: As"),
    "grid, a board with one card twice": ("grid?hand=AsKs&board=QhQh7d", None, "#board", "#board-error",
                                          "duplicate card: Qh"),
    "ranges, a token that is no hand": ("ranges?board=Ah7d2c", type_into("#range-text", "QQ+,ZZ"), "#range-text",
                                        "#range-error", "ZZ"),
    "ranges, the villain's empty range": ("ranges?range=QQ%2B&board=Ah7d2c", type_into("#villain-text", "AA:0"),
                                          "#villain-text", "#villain-error", "empty"),
    "ranges, a board with one card twice": ("ranges?range=QQ%2B&board=AhAh7d", None, "#board", "#board-error",
                                            "duplicate card: Ah"),
    "tournament, a stack that is no number": ("tournament", type_into("#stacks", "5000 x 2000"), "#stacks",
                                              "#stacks-error", "Player 2's stack"),
    "tournament, a prize below zero": ("tournament", type_into("#payouts", "50 -5"), "#payouts", "#payouts-error",
                                       "The prize for place 2"),
    "tournament, a stack too deep": ("tournament", type_into("#stack", "2000"), "#stack", "#stack-error", "1000"),
    "tournament, an ante below zero": ("tournament", type_into("#ante", "-1"), "#ante", "#ante-error", "ante"),
}


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_refusal_shows_under_its_field(browser, url, case, size):
    address, act, field, message, words = CASES[case]
    phone = size == "phone"
    options = {"has_touch": True, "is_mobile": True} if phone else {}
    with new_page(browser, url, PHONE if phone else DESKTOP, **options) as page:
        page.goto(url + address)
        if act is not None:
            act(page)
        assert_beside(page, field, message, words, phone)
        if field == "#stacks":  # a good value takes the message and the mark away again
            page.fill(field, "5000 3000 2000")
            page.wait_for_selector("#icm-status[data-state=done]", state="attached", timeout=HANG_GUARD_MS)
            assert page.inner_text(message) == "" and page.get_attribute(field, "aria-invalid") == "false"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_video_poker_refusals_show_under_the_game_or_the_deal_button(browser, url, viewport):
    with new_page(browser, url, viewport) as page:
        page.goto(url + "videopoker")
        # the page's own first session made before the next ones are refused: refused, it left
        # no session to change (on a loaded machine the route could come before that request)
        page.wait_for_selector("#credits[data-value]:not([data-value=''])", timeout=HANG_GUARD_MS)
        page.route("**/api/videopoker/sessions", lambda route: route.fulfill(**refused(
            "coins", "coins must be from 1 to 5")))
        page.once("dialog", lambda dialog: dialog.accept())
        page.select_option("#coins", "1")
        assert_beside(page, "#coins", "#coins-error", "coins must be from 1 to 5", viewport is PHONE)
        assert page.get_attribute("#paytable", "aria-invalid") == "false", "only the field refused is marked"
        page.unroute("**/api/videopoker/sessions")
        page.route("**/deal", lambda route: route.fulfill(**{**refused("session", "deal refused"), "status": 409}))
        page.click("#deal")
        assert_beside(page, "#deal", "#error", "deal refused", viewport is PHONE, marked=False)
        assert page.inner_text("#coins-error") == "", "a new action clears the refusal before"


def test_the_grid_clears_a_refusal_once_the_input_is_fixed(page, url):
    page.goto(url + "grid?hand=AsAs")
    wait_for_message(page, "#hand-error")
    assert "invalid" in page.get_attribute("#hand-panel", "class")
    page.click("#hand .slot.filled >> nth=0")  # take one ace back: the hand is a card short
    page.click('.deck button[data-card="Kd"]')
    wait_for_state(page, "exact", "done", timeout=HANG_GUARD_MS)
    assert page.inner_text("#hand-error") == "" and page.get_attribute("#hand", "aria-invalid") == "false"
    assert "invalid" not in page.get_attribute("#hand-panel", "class")
