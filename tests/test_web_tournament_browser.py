"""The Tournament page in a real headless Chromium: the ICM table and both heat maps against the
library, every cell's text contrast computed from what the browser draws, keyboard and touch
use, the page saying so while the push/fold table is prepared, and every screen size with axe."""

import threading

import pytest

from browser import (
    AA_CONTRAST,
    DESKTOP,
    MIN_TARGET,
    PHONE,
    WIDTHS,
    focused,
    needs_chromium,
    new_page,
    screenshot,
    serious_violations,
    sideways_overflow,
    small_targets,
    text_contrasts,
    wait_for_state,
)
from pokerlab.tournament import icm, pushfold
from pokerlab.tournament.pushfold import class_table
from pokerlab.web import create_app
from pokerlab.web.server import running

pytestmark = needs_chromium

HANG_GUARD_MS = 120_000
"""How long a test waits for the page before it calls it hung: a bound, never a speed limit."""


@pytest.fixture(scope="session")
def table():
    """The push/fold table, built once for the session (a minute or two the first time on a
    machine, then read from the disk cache) before any page asks for it."""
    return class_table()


@pytest.fixture
def page(browser, url, table):
    with new_page(browser, url) as opened:
        opened.goto(url + "tournament")
        ready(opened)
        yield opened


def ready(page):
    """Wait until both the ICM table and the heat maps answer the inputs on the page."""
    wait_for_state(page, "done", "error", timeout=HANG_GUARD_MS)
    page.wait_for_selector("#icm-status[data-state=done], #icm-status[data-state=error]", state="attached",
                           timeout=HANG_GUARD_MS)


def set_value(page, selector, value):
    """Type into a field as a person does, then wait for the page to answer it."""
    page.fill(selector, value)
    ready(page)


def frequencies(page, side):
    cells = page.eval_on_selector_all(f"#{side}-map .hm-cell",
                                      "(cs) => cs.map((c) => [c.dataset.hand, c.dataset.frequency])")
    return {hand: float(f) for hand, f in cells}


def contrasts(page):
    """Each heat map cell's contrast ratio, by WCAG's formula, from the colours the browser computed."""
    return text_contrasts(page, ".hm-cell")


def test_icm_table_equals_the_library(page):
    page.fill("#payouts", "70, 30")
    set_value(page, "#stacks", "50 30 20")
    page.wait_for_selector("#icm-rows tr:nth-child(3)")
    shown = [float(page.get_attribute(f'#icm-rows tr[data-player="{i}"]', "data-equity")) for i in range(3)]
    assert shown == list(icm([50, 30, 20], [70, 30]))
    assert page.inner_text('#icm-rows tr[data-player="0"]').split("\t") == ["Player 1", "50", "50.0%", "45.18", "45.2%"]

    set_value(page, "#stacks", "50 -1 20")  # refused under the field, which is marked
    assert page.inner_text("#stacks-error").startswith("Player 2's stack: ")
    assert "item 1 is -1" in page.inner_text("#stacks-error")
    assert page.get_attribute("#stacks", "aria-invalid") == "true"
    assert page.get_attribute("#payouts", "aria-invalid") == "false"
    assert page.locator("#icm-rows tr").count() == 0, "no figures for input that was refused"
    set_value(page, "#stacks", "50 30 20")
    assert page.inner_text("#stacks-error") == "" and page.get_attribute("#stacks", "aria-invalid") == "false"


def test_heat_maps_equal_the_library(page):
    page.fill("#ante", "0.25")
    set_value(page, "#stack", "7.5")
    page.wait_for_function("() => document.querySelector('#pushfold-summary').textContent"
                           ".startsWith('At 7.5 big blinds, ante 0.25')")
    expected = pushfold(7.5, 0.25)
    assert frequencies(page, "push") == dict(expected.push)
    assert frequencies(page, "call") == dict(expected.call)
    # a cell's name for screen readers says how often, in words
    assert page.get_attribute('#push-map [data-hand="AA"]', "aria-label") == "AA: always pushed"
    assert page.get_attribute('#call-map [data-hand="72o"]', "aria-label") == "72o: never called"
    mixed = next((h, f) for h, f in {**expected.push}.items() if 0.0005 <= f < 0.9995)
    assert page.get_attribute(f'#push-map [data-hand="{mixed[0]}"]', "aria-label") == \
        f"{mixed[0]}: pushed {100 * mixed[1]:.1f}% of the time"
    share = sum(f * (6 if len(h) == 2 else 4 if h.endswith("s") else 12) for h, f in expected.push.items()) / 1326
    assert page.inner_text("#push-share").startswith(f"{100 * share:.1f}% of hands")
    assert "pushes" in page.inner_text("#announce")

    set_value(page, "#stack", "0.5")  # refused under the stack, and the maps emptied
    assert page.inner_text("#stack-error").startswith("stack must be")
    assert page.get_attribute("#stack", "aria-invalid") == "true"
    assert set(frequencies_text(page)) == {""}


def frequencies_text(page):
    return page.eval_on_selector_all(".hm-cell", "(cs) => cs.map((c) => c.dataset.frequency)")


def test_every_cell_passes_aa_contrast(page):
    """Computed, not trusted to a gradient: mixed frequencies give the in-between backgrounds."""
    shades = set()
    for stack in ("2", "10", "16.4"):
        set_value(page, "#stack", stack)
        low = [(cell, round(ratio, 2)) for cell, ratio in contrasts(page) if ratio < AA_CONTRAST]
        assert not low, f"cells under {AA_CONTRAST}:1 at {stack} bb: {low}"
        shades |= set(frequencies_text(page))
    assert len(shades) > 2, "the maps held frequencies between never and always"


def test_the_charts_by_keyboard(page):
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#push-map .hm-cell')"):
            break
    assert focused(page) == "button.hm-cell.pair", "the map is one tab stop, starting at AA"
    assert page.evaluate("() => document.activeElement.dataset.hand") == "AA"
    assert page.inner_text("#push-detail").startswith("AA (6 combos): the small blind pushes it always at 10 big")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.dataset.hand") == "KK"
    page.keyboard.press("End")
    assert page.evaluate("() => document.activeElement.dataset.hand") == "K2s"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.dataset.hand") == "AQo"
    assert page.inner_text("#push-detail").startswith("AQo (12 combos)")
    page.keyboard.press("Tab")  # one tab stop a map: the next is the call chart's
    in_call_map = "() => document.activeElement.closest('#call-map') && document.activeElement.dataset.hand"
    assert page.evaluate(in_call_map) == "AA"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.hand") == "AQo", "the map remembers its cell"

    page.focus("#stack")  # the stack by keyboard too; the cell read out follows the new stack
    page.keyboard.press("Control+a")
    page.keyboard.type("3")
    ready(page)
    page.wait_for_function("() => document.querySelector('#push-detail').textContent.includes('at 3 big blinds')")
    assert focused(page) == "input#stack"


def test_a_phone_by_touch(browser, url, table):
    with new_page(browser, url, PHONE, has_touch=True, is_mobile=True) as phone:
        phone.goto(url + "tournament")
        ready(phone)
        phone.tap('#call-map [data-hand="Q2o"]')
        expected = pushfold(10).call["Q2o"]
        words = "always" if expected >= 0.9995 else "never" if expected < 0.0005 else f"{100 * expected:.1f}%"
        assert phone.inner_text("#call-detail").startswith(f"Q2o (12 combos): the big blind calls it {words}")
        box = phone.locator('#call-map [data-hand="22"]').bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"], "the whole chart is on a phone's screen"


def test_the_page_says_it_is_preparing_the_table_and_answers_icm_meanwhile(browser, monkeypatch, table):
    release = threading.Event()

    def build(progress=None):
        progress(1, 2)
        release.wait(HANG_GUARD_MS / 1000)
        return table

    monkeypatch.setattr("pokerlab.web.tournament.class_table", build)
    try:
        with running(create_app()) as own_url, new_page(browser, own_url) as page:
            page.goto(own_url + "tournament")
            wait_for_state(page, "preparing", timeout=HANG_GUARD_MS)
            assert page.inner_text("#status").startswith("Preparing the all-in equity table")
            assert "50% done" in page.inner_text("#status")
            page.wait_for_selector("#icm-status[data-state=done]", state="attached", timeout=HANG_GUARD_MS)
            assert page.get_attribute("#heatmaps", "aria-busy") == "true"
            release.set()
            wait_for_state(page, "done", timeout=HANG_GUARD_MS)
            assert frequencies(page, "push") == dict(pushfold(10).push)
    finally:
        release.set()


def test_tournament_screens(page):
    """Every width: no sideways scroll, phone-sized touch targets, no serious axe violation, screenshots.

    The heat maps' cells are the one exception to the touch-target size, as the range grid is:
    13 cells of 40 px do not fit a phone, and a tap on a smaller one only reads it out."""
    page.locator('#push-map [data-hand="A5s"]').focus()
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 844 if width < 768 else 900})
        page.wait_for_timeout(50)  # a frame for the layout to settle
        assert sideways_overflow(page) <= 0, f"scrolls sideways by {sideways_overflow(page)} px at {width} px"
        if width < 768:
            small = [t for t in small_targets(page) if not t.startswith("button.hm-cell")]
            assert not small, f"touch targets under {MIN_TARGET} px at {width} px: {small}"
        if width in (PHONE["width"], DESKTOP["width"]):
            violations = serious_violations(page)
            assert not violations, f"tournament at {width} px: {violations}"
            screenshot(page, f"tournament-{'phone' if width < 768 else 'desktop'}.png")
    set_value(page, "#stacks", "50 x 20")
    page.set_viewport_size(PHONE)
    assert not serious_violations(page), "an error shown keeps the page accessible"
    screenshot(page, "tournament-error-phone.png")


def test_the_inputs_are_kept_in_the_address_to_share(browser, url, page):
    page.fill("#payouts", "60 40")
    set_value(page, "#stacks", "40 35 25")
    set_value(page, "#stack", "12.5")
    link = page.evaluate("location.href")
    assert "stacks=40+35+25" in link and "payouts=60+40" in link and "stack=12.5" in link
    assert "ante=" not in link, "a field as the page has it is left out"
    with new_page(browser, url) as other:  # the link, opened elsewhere, shows the same spot
        other.goto(link)
        ready(other)
        assert [other.input_value(f"#{field}") for field in ("stacks", "payouts", "stack", "ante")] == \
            ["40 35 25", "60 40", "12.5", "0"]
        shown = [float(other.get_attribute(f'#icm-rows tr[data-player="{i}"]', "data-equity")) for i in range(3)]
        assert shown == list(icm([40, 35, 25], [60, 40]))
        assert other.inner_text("#pushfold-summary").startswith("At 12.5 big blinds")
