"""What the browser tests share: Debian's chromium driven by Playwright, a page that fails its test
on any script error or request beyond the server, and the checks every page must pass (no sideways
scroll, touch targets, axe-core).

Each test module starts one server and one browser (module-scoped fixtures built from these), so
the browser suite stays quick.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pokerlab.web import create_app
from pokerlab.web.server import quiet_openmp, running
from pokerlab.web.warm import warm_pages

# The test servers run in this process, as pokerlab serve runs its own: their OpenMP threads
# sleep once idle as serve's do. Set at collection, before any kernel loads OpenMP, which reads
# it once: spinning teams of the servers' threads held a busy machine's exact runs up for minutes.
quiet_openmp()

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"
WAIT_MS = 30_000
WIDTHS = (360, 390, 768, 1280, 1920)
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
MIN_TARGET = 40
"""Touch targets on a phone are at least this many CSS pixels each way."""

needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium: apt-get install chromium")


@contextmanager
def serving() -> Iterator[str]:
    """A server on a free port with the app's own time limit (the exact answers the tests compare
    need time on a busy machine), its pages' kernels loaded first as ``pokerlab serve`` loads
    them (else a module's first odds grid loads them inside its time budget, runs late and
    answers with an estimate, unless an earlier test in the process happened to load them);
    yields its URL."""
    warm_pages(log=lambda _line: None)
    with running(create_app()) as address:
        yield address


@contextmanager
def chromium() -> Iterator[object]:
    """A headless chromium for one test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield browser
        browser.close()


@contextmanager
def new_page(browser, url: str, viewport: dict[str, int] = DESKTOP, **options: object) -> Iterator[object]:
    """A page in a fresh context (``options`` as Playwright's new_context takes them); on leaving,
    no script error, nothing the CSP refused and no request beyond the server."""
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    errors, outside = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The server's Content-Security-Policy refuses inline styles and scripts: the pages must need none.
    page.on("console", lambda message: errors.extend([message.text] if "Security Policy" in message.text else []))
    page.on("request", lambda request: None if request.url.startswith((url, "data:")) else outside.append(request.url))
    page.set_default_timeout(WAIT_MS)
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"
    assert not outside, f"requests beyond the server: {outside}"


def pick(page, *cards: str) -> None:
    for card in cards:
        page.click(f'.deck button[data-card="{card}"]')


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def wait_for_state(page, *states: str, timeout: float = WAIT_MS) -> None:
    """Wait until the status line reports one of ``states`` (it may be empty, so not visible)."""
    page.wait_for_selector(", ".join(f"#status[data-state={s}]" for s in states), state="attached", timeout=timeout)


def wait_for_text(page, selector: str, text: str) -> None:
    page.wait_for_function("([s, t]) => document.querySelector(s)?.textContent === t", arg=[selector, text])


def wait_until(page, condition, timeout: float = WAIT_MS) -> None:
    """Wait until ``condition()`` (Python, such as a dialog's handler having run) holds,
    letting the page's events in meanwhile; fail after ``timeout`` ms."""
    for _ in range(int(timeout // 50)):
        if condition():
            return
        page.wait_for_timeout(50)
    assert condition(), f"not within {timeout / 1000:.0f} s"


def focused(page) -> str:
    """The focused element as tag#id.class[data-*], for messages; 'body' when focus fell out."""
    return page.evaluate("""() => { const e = document.activeElement;
        return e === document.body ? 'body' : e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
          [...e.classList].map((c) => '.' + c).join('') + (e.dataset.card ? `[${e.dataset.card}]` : ''); }""")


def sideways_overflow(page) -> int:
    """How many pixels the page is wider than the window (0: no sideways scroll)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


SMALL_TARGETS = """(min) => [...document.querySelectorAll(
    'button, a[href], select, input:not([type=checkbox]):not([type=radio]),'
    + '[tabindex]:not([tabindex="-1"]):not(main):not([role=region]),'
    + 'label:has(> input[type=checkbox]), .deck button, table.grid td[data-own]')]
  .filter((e) => e.checkVisibility() && !e.closest('.visually-hidden, .skip, .range-grid'))
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width < min || r.height < min)
  .map(([e, r]) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} `
                   + `${e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20)} `
                   + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


def small_targets(page) -> list[str]:
    """The visible controls smaller than MIN_TARGET either way.

    The 13 x 13 range grid is the one exception: it is painted by dragging across it, and 13 cells
    of 40 px do not fit a phone.
    """
    return page.evaluate(SMALL_TARGETS, MIN_TARGET)


AA_CONTRAST = 4.5
"""WCAG AA's least contrast for text of any size and weight."""

CONTRASTS = """(selector) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  return [...document.querySelectorAll(selector)].map((cell) => {
    const style = getComputedStyle(cell);
    if (style.backgroundImage !== "none") return [cell.textContent, 0];  // a gradient: no single ratio
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
    return [cell.textContent, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  }); }"""


def text_contrasts(page, selector: str) -> list[tuple[str, float]]:
    """Each matching element's text contrast by WCAG's formula, from the colours the browser
    computed for its text and its own background (axe cannot judge text on a gradient, so a
    gradient counts as 0)."""
    return [tuple(pair) for pair in page.evaluate(CONTRASTS, selector)]


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}" for v in found
            if v["impact"] in ("serious", "critical")]


def check_screens(page, name: str) -> None:
    """The page in its current state at every width: no sideways scroll; phone-sized touch targets;
    no serious axe violation at phone and desktop width; screenshots of both for a person to look at."""
    original = page.viewport_size
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 844 if width < 768 else 900})
        page.wait_for_timeout(50)  # a frame for the layout to settle
        assert sideways_overflow(page) <= 0, f"{name}: scrolls sideways by {sideways_overflow(page)} px at {width} px"
        if width < 768:
            small = small_targets(page)
            assert not small, f"{name}: touch targets under {MIN_TARGET} px at {width} px: {small}"
        if width in (PHONE["width"], DESKTOP["width"]):
            violations = serious_violations(page)
            assert not violations, f"{name} at {width} px: {violations}"
            screenshot(page, f"{name}-{'phone' if width < 768 else 'desktop'}.png")
    page.set_viewport_size(original)
