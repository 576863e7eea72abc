"""Every page by keyboard alone, in a real headless Chromium: picking and removing cards, holding
video poker cards, reading grid cells; focus never falls back to <body>, controls have names."""


from browser import focused, needs_chromium, wait_for_state, wait_for_text

pytestmark = needs_chromium


def tab_to(page, selector, limit=200):
    """Press Tab until ``selector`` has focus (as a person would), failing if it never does."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_pick(page, card):
    """From the deck's first card (Home), move with the arrow keys to ``card`` and press Enter."""
    page.keyboard.press("Home")
    for _ in range(60):
        if page.evaluate("() => document.activeElement.dataset.card") == card:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {card}")


def test_hand_odds_by_keyboard(page, url):
    page.goto(url + "odds")
    tab_to(page, ".deck button")
    assert focused(page) == "button[As]", "the deck is one tab stop, starting at the ace of spades"
    for card in ("As", "Ks", "Qd", "Qc"):
        keyboard_pick(page, card)
        assert focused(page) != "body", f"focus fell to <body> after picking {card}"
    wait_for_state(page, "exact")
    page.keyboard.press("ArrowUp")  # to the suit above, same rank
    assert focused(page) == "button[Qd]"

    page.focus('.seat[data-player="0"] .slot[data-card="Ks"]')  # the king of spades' slot is a named button
    assert page.get_attribute('.seat[data-player="0"] .slot[data-card="Ks"]', "aria-label") == \
        "Remove king of spades from Player 1"
    page.keyboard.press("Enter")
    assert page.locator('.seat[data-player="0"] .slot.filled').count() == 1
    assert focused(page) != "body", "focus stays in the seat after a removal"
    wait_for_state(page, "waiting")
    # The empty slot now focused aims the picker and puts the keyboard in the deck.
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.closest('.deck') !== null"), focused(page)
    keyboard_pick(page, "Kh")
    wait_for_state(page, "exact")
    assert page.locator('.seat[data-player="0"] .slot[data-card="Kh"]').count() == 1

    page.click("#add-player")
    remove = page.locator('.seat[data-player="2"] button.remove')
    assert remove.get_attribute("aria-label") == "Remove player 3"
    remove.focus()
    page.keyboard.press("Enter")
    assert page.locator(".seat").count() == 2
    assert focused(page) != "body", "focus goes on after a seat is removed"
    wait_for_state(page, "exact")
    assert "Player 1" in page.inner_text("#announce")


def test_odds_grid_by_keyboard(page, url):
    page.goto(url + "grid")
    tab_to(page, ".deck button")
    for card in ("As", "Ks", "Ts", "Qs", "2d"):
        keyboard_pick(page, card)
    wait_for_state(page, "exact")
    page.focus('#board .slot[data-card="2d"]')  # grid slots come off by keyboard too
    page.keyboard.press("Enter")
    assert page.locator("#board .slot.filled").count() == 2
    assert focused(page) != "body"
    wait_for_state(page, "waiting")
    page.keyboard.press("Enter")  # the empty slot aims the picker and moves into the deck
    keyboard_pick(page, "2c")
    wait_for_state(page, "exact")

    tab_to(page, "#grid td[data-own]")
    assert page.inner_text("#cell-detail").startswith("You: High Card; best opponent: High Card.")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    detail = page.inner_text("#cell-detail")
    assert detail.startswith("You: Pair; best opponent: Pair."), detail


def test_video_poker_by_keyboard(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.keyboard.press("Enter")  # deals
    wait_for_text(page, "#deal", "Draw")
    first = page.locator('.vp-card[data-position="1"]')
    assert first.get_attribute("aria-pressed") == "false"
    assert first.get_attribute("aria-label").startswith("Hold card 1, ")
    page.keyboard.press("2")  # number keys hold
    assert page.get_attribute('.vp-card[data-position="2"]', "aria-pressed") == "true"
    first.focus()
    page.keyboard.press("Space")  # and so does the card's own button
    assert page.get_attribute('.vp-card[data-position="1"]', "aria-pressed") == "true"
    assert focused(page).startswith("button.vp-card"), "focus stays on the card after holding it"
    page.keyboard.press("Space")
    assert page.get_attribute('.vp-card[data-position="1"]', "aria-pressed") == "false"
    page.focus("#deal")
    page.keyboard.press("Enter")  # draws
    page.wait_for_selector("#verdict:not([hidden])")
    held = page.evaluate("() => document.querySelectorAll('#verdict .graded .card.kept').length")
    assert held == 1, "the graded hand marks the one card held"
    assert page.inner_text("#announce"), "the verdict is announced"
    assert focused(page).startswith("button#deal")
