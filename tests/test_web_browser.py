"""End to end in a real headless Chromium (Playwright with Debian's chromium): each page, by clicking.

Screenshots of each page are saved under tests/artifacts/ (git-ignored) for a person to look at.
"""

from pathlib import Path

import pytest

from pokerlab import evaluate
from pokerlab.equity import equity
from pokerlab.grid import grid
from pokerlab.web import create_app
from pokerlab.web.server import running

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"
WAIT_MS = 30_000

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install chromium")


@pytest.fixture(scope="module")
def url():
    with running(create_app(time_limit=2.0)) as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors, outside = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: None if request.url.startswith((url, "data:")) else outside.append(request.url))
    page.set_default_timeout(WAIT_MS)
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"
    assert not outside, f"requests beyond the server: {outside}"


def pick(page, *cards):
    for card in cards:
        page.click(f'.deck button[data-card="{card}"]')


def screenshot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def wait_for_state(page, *states):
    """Wait until the status line reports one of ``states`` (it may be empty, so not visible)."""
    page.wait_for_selector(", ".join(f"#status[data-state={s}]" for s in states), state="attached")


def wait_for_text(page, selector, text):
    page.wait_for_function("([s, t]) => document.querySelector(s)?.textContent === t", arg=[selector, text])


def test_hand_odds_by_clicking(page, url):
    page.goto(url)
    pick(page, "As", "Ks", "Qd", "Qc")
    wait_for_state(page, "exact")
    expected = equity(["AsKs", "QdQc"])
    for i, player in enumerate(expected.players):
        shown = float(page.get_attribute(f'.seat[data-player="{i}"] .equity', "data-equity"))
        assert shown == pytest.approx(player.equity)
    assert page.is_disabled('.deck button[data-card="As"]'), "a card in play cannot be picked again"
    assert page.is_enabled('.deck button[data-card="Ah"]')

    pick(page, "Qh", "7h", "3s")  # the seats are full, so the picker moves on to the board
    made = evaluate("Qd Qc Qh 7h 3s").describe()
    wait_for_text(page, '.seat[data-player="1"] .made', made)
    expected = equity(["AsKs", "QdQc"], board="Qh7h3s")
    shown = float(page.get_attribute('.seat[data-player="1"] .equity', "data-equity"))
    assert shown == pytest.approx(expected.players[1].equity)

    page.click('.seat[data-player="0"] .slot >> nth=0')  # take back the ace of spades: it can be picked again
    assert page.is_enabled('.deck button[data-card="As"]')
    wait_for_state(page, "waiting")
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


def test_typing_a_range_and_a_bad_one(page, url):
    page.goto(url + "odds")
    page.fill('.seat[data-player="0"] input', "A♥ K♥")  # symbols, as the library reads them
    page.fill('.seat[data-player="1"] input', "QQ+,ZZ")
    wait_for_state(page, "error")
    assert "players[1]: unknown range token: 'ZZ'" in page.inner_text("#error")
    assert page.is_disabled('.deck button[data-card="Kh"]')
    page.fill('.seat[data-player="1"] input', "QQ+,AKs")
    wait_for_text(page, '.seat[data-player="1"] .made', "a range")
    assert page.inner_text("#error") == ""
    page.fill("#board-text", "Qh 7h 3h")
    wait_for_text(page, '.seat[data-player="0"] .made', evaluate("Ah Kh Qh 7h 3h").describe())
    assert page.is_disabled('.deck button[data-card="7h"]')
    page.fill("#dead-text", "Ah")  # already player 1's: the server names the field
    wait_for_state(page, "error")
    assert "players[0]: duplicate card: Ah, already in dead" in page.inner_text("#error")


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
    flush_vs_pair = rows.nth(6).locator("td").nth(1).inner_text()
    assert flush_vs_pair == f"{100 * expected.cell('FLUSH', 'PAIR').total:.2f}%"
    screenshot(page, "grid.png")

    page.check("#four-color")  # the page reloads with four-colour faces
    page.wait_for_selector('.deck button[data-card="Kd"] img[src="/cards/Kd.svg?four_color=true"]')


def test_api_docs_render_offline(page, url):
    page.goto(url + "docs")
    page.wait_for_selector(".opblock-summary-path[data-path=\"/api/equity\"]")
    assert page.locator(".opblock").count() >= 8
    screenshot(page, "docs.png")


def test_video_poker_hand_to_the_end(page, url):
    page.goto(url + "videopoker")
    page.wait_for_selector("#credits[data-value='1000']")
    page.check("#advice")
    page.click("#deal")
    page.wait_for_selector("#advice-panel:not([hidden]) table.holds tr.best")
    best = page.inner_text("table.holds tr.best td >> nth=0").split()
    dealt = [page.get_attribute(f'.vp-card[data-position="{p}"] img', "alt") for p in range(1, 6)]
    for position, card in enumerate(dealt, 1):
        if card in best:
            page.click(f'.vp-card[data-position="{position}"]')
    assert page.locator(".vp-card.hold").count() == len([c for c in best if c in dealt])
    page.click("#deal")  # now labelled Draw
    page.wait_for_selector("#message:not([data-paid=''])")
    paid = int(page.get_attribute("#message", "data-paid"))
    assert page.get_attribute("#credits", "data-value") == str(1000 - 5 + paid)
    assert page.inner_text("#hands") == "1"
    assert page.inner_text("#grade").startswith("Best hold"), "holding the advised cards is optimal"
    assert page.inner_text("#mistakes").startswith("0")
    assert page.inner_text("#deal") == "Deal"
    screenshot(page, "videopoker.png")
