"""End to end, in a real headless Chromium driven by Playwright: start the app, upload a file
with one good and one bad record, open the good one's replay, step with the keyboard; on
the sample archive of `data/` (as `make run` serves it): odd URLs, a search hit opening at
its trick, the card table at phone width, and the time to the Statistics page's first
chart (reported, not asserted: it depends on the machine).

Needs Debian's chromium at /usr/bin/chromium (`make browser`, a prerequisite of `make test`).
Screenshots and the timing are written to tests/dashboard/out/ (git-ignored)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "trunfu" / "dashboard" / "app.py"
EXAMPLE = ROOT / "data" / "examples" / "tarocco-siciliano-4-worked.tgn"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OUT = ROOT / "tests" / "dashboard" / "out"
BAD = """
[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "1"]
[Event "Broken"]

play
  1. KB CB QQ 9B
"""
WAIT_MS = 30_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The dashboard on an empty archive; its base URL."""
    yield from _serve(tmp_path, tmp_path / "archive.duckdb", tmp_path / "famous")


@pytest.fixture(scope="module")
def sample_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The archive `make run` builds from `data/`."""
    from trunfu.archive.ingest import ingest

    db = tmp_path_factory.mktemp("data") / "archive.duckdb"
    files = sorted(str(f) for f in (ROOT / "data").rglob("*.tgn*") if f.is_file())
    summary = ingest(db, files, workers=0)
    assert summary.added > 3000 and summary.rejected == 0, summary.as_dict()
    return db


@pytest.fixture(scope="module")
def sample_server(sample_archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The dashboard on the sample archive and the famous hands of `data/`."""
    folder = tmp_path_factory.mktemp("server")
    yield from _serve(folder, sample_archive, ROOT / "data" / "famous")


def _serve(tmp_path: Path, archive: Path, famous: Path) -> Iterator[str]:
    """The dashboard served by `streamlit run` on a free port; its base URL."""
    port = _free_port()
    env = dict(os.environ, TRUNFU_ARCHIVE=str(archive), TRUNFU_FAMOUS=str(famous))
    log = (tmp_path / "streamlit.log").open("w")
    command = [
        sys.executable, "-m", "streamlit", "run", str(APP),
        "--server.port", str(port), "--server.address", "127.0.0.1",
        "--server.headless", "true", "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
    ]  # fmt: skip
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            assert process.poll() is None, (tmp_path / "streamlit.log").read_text()
            assert time.monotonic() < deadline, "the dashboard did not start in 60 s"
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture
def page(request: pytest.FixtureRequest) -> Iterator[Page]:
    """A browser page (1,400 px wide; `@pytest.mark.viewport(w, h)` for another size); when
    the test fails, its Playwright trace (screenshots, DOM and console at each step) is kept
    in `tests/dashboard/out/<test>.trace.zip`, to be opened with `playwright show-trace`."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run `make browser`"
    size = request.node.get_closest_marker("viewport")
    width, height = size.args if size else (1400, 1000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": width, "height": height})
        context.tracing.start(screenshots=True, snapshots=True)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        expect.set_options(timeout=WAIT_MS)  # a loaded machine draws the widgets late
        try:
            yield page
        finally:
            call = getattr(request.node, "rep_call", None)
            failed = call is None or call.failed
            trace = OUT / f"{request.node.name}.trace.zip"
            context.tracing.stop(path=str(trace) if failed else None)
            if failed:
                print(f"Playwright trace: {trace}")
            browser.close()


def _step_shown(page: Page) -> tuple[int, int]:
    text = page.get_by_text(re.compile(r"^Step \d+ of \d+")).first.inner_text()
    found = re.match(r"Step (\d+) of (\d+)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2))


def test_upload_then_replay_with_the_keyboard(server: str, page: Page, tmp_path: Path) -> None:
    upload = tmp_path / "two.tgn"
    upload.write_text(EXAMPLE.read_text(encoding="utf-8") + BAD, encoding="utf-8")

    page.goto(f"{server}/upload")
    page.locator("input[type=file]").set_input_files(str(upload))
    expect(page.get_by_text("2 records: 1 valid, 1 invalid")).to_be_visible()
    # the bad record's error, at the line of `QQ` in the uploaded file
    bad_line = upload.read_text().splitlines().index("  1. KB CB QQ 9B") + 1
    expect(page.get_by_text(f"line {bad_line}, column 12").first).to_be_visible()

    page.get_by_role("button", name="Replay ▶").click()
    expect(page.get_by_text(re.compile(r"^Step 0 of \d+"))).to_be_visible()
    _, last = _step_shown(page)
    assert last > 60  # deal, auction, discard and 60 cards
    # at the start every seat holds its 15 cards; no card on the table
    expect(page.locator(".tf-seat[data-seat='1'] .tf-card")).to_have_count(15)
    expect(page.locator(".tf-trick")).to_have_count(0)

    page.locator("h1").first.click()  # focus the page, not a widget
    page.keyboard.press("End")
    expect(page.get_by_text(f"Step {last} of {last}")).to_be_visible()
    expect(page.get_by_text("Final result")).to_be_visible()
    page.keyboard.press("Home")
    expect(page.get_by_text(f"Step 0 of {last}")).to_be_visible()
    for n in range(1, 4):
        page.keyboard.press("ArrowRight")
        expect(page.get_by_text(re.compile(rf"^Step {n} of {last}"))).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_text(re.compile(rf"^Step 2 of {last}"))).to_be_visible()
    assert re.search(r"[?&]step=2\b", page.url), page.url

    # autoplay moves on by itself, and stops when switched off
    _switch_autoplay(page, on=True)
    expect(page.get_by_text(re.compile(rf"^Step [3-9] of {last}"))).to_be_visible()
    _switch_autoplay(page, on=False)
    stopped = _settled(page)  # a step already under way may land late on a loaded machine
    page.wait_for_timeout(2500)  # two ticks at the normal speed
    assert _step_shown(page)[0] == stopped
    page.locator("h1").first.click()
    page.keyboard.press("Home")
    expect(page.get_by_text(f"Step 0 of {last}")).to_be_visible()

    # deep into the play: the first card of trick 1 (KB) lies on the table
    assert _first_card_step(page, last) > 2
    expect(page.locator(".tf-trick [data-card='KB']")).to_be_visible()
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "replay.screenshot.png"), full_page=True)


def _switch_autoplay(page: Page, on: bool) -> None:
    """Click the Autoplay toggle until it shows `on` (a click that lands while the page is
    rerunning may be lost)."""
    switch = page.locator("label", has_text="Autoplay").locator("input")
    for _ in range(5):
        if switch.is_checked() == on:
            return
        page.get_by_text("Autoplay").click()
        page.wait_for_timeout(1000)
    assert switch.is_checked() == on, "the Autoplay toggle does not switch"


def _settled(page: Page, tries: int = 10) -> int:
    """The step shown once it stays the same for 1.5 s (more than a tick at normal speed)."""
    for _ in range(tries):
        before = _step_shown(page)[0]
        page.wait_for_timeout(1500)
        if _step_shown(page)[0] == before:
            return before
    raise AssertionError("autoplay still moves after it was switched off")


def _first_card_step(page: Page, last: int) -> int:
    """Step forward with → until a card lies on the table; its step number."""
    for _ in range(last):
        if page.locator(".tf-trick").count():
            return _step_shown(page)[0]
        before = _step_shown(page)[0]
        page.keyboard.press("ArrowRight")
        expect(page.get_by_text(re.compile(rf"^Step {before + 1} of {last}"))).to_be_visible()
    raise AssertionError("no card was ever played")


FIRST_CHART = ".tf-chart, [data-testid=stVegaLiteChart] canvas, [data-testid=stVegaLiteChart] svg"


def _first_chart_seconds(base: str) -> float:
    """Seconds from navigation to the Statistics page's first chart, in a fresh browser."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        start = time.monotonic()
        page.goto(f"{base}/")
        page.wait_for_selector(FIRST_CHART, timeout=WAIT_MS * 2)
        seconds = time.monotonic() - start
        browser.close()
    return seconds


def test_the_first_chart_time_is_reported(sample_server: str) -> None:
    """The Statistics page of the sample archive in a fresh headless Chromium: the first
    visit (a server that has not drawn a page yet) and two more, each in a fresh browser."""
    times = [_first_chart_seconds(sample_server) for _ in range(3)]
    OUT.mkdir(exist_ok=True)
    line = "first chart after navigation: " + ", ".join(f"{t:.2f} s" for t in times)
    (OUT / "first-chart.txt").write_text(line + " (first: a fresh server)\n")
    print(line)
    assert all(t > 0 for t in times)


def test_odd_urls_are_ignored_or_told(sample_server: str, page: Page) -> None:
    page.goto(f"{sample_server}/?from=2099-01-01&to=1900-01-01&seats=999&game=chess")
    expect(page.get_by_text("Dated deals from")).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    expect(page.get_by_role("button", name="Deploy")).to_have_count(0)  # no developer chrome
    page.goto(f"{sample_server}/replay?record={'9' * 5000}&step={'7' * 5000}")
    expect(page.get_by_text(re.compile(r"^There is no record 9+…"))).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    box = page.get_by_label("Open another record")
    box.fill("famous:french-tarot-garde-contre-chelem.tgn:1")
    box.press("Enter")
    expect(page.get_by_text(re.compile(r"^Step 0 of \d+"))).to_be_visible()
    expect(page.get_by_text("Final result")).to_have_count(0)  # no spoiler at step 0


def test_a_search_hit_opens_at_its_trick(sample_server: str, page: Page) -> None:
    page.goto(f"{sample_server}/search?q=T1+captured&game=french-tarot")
    grid = page.locator("[data-testid=stDataFrame]").first
    expect(grid).to_be_visible()
    page.wait_for_timeout(500)  # the grid draws its rows on a canvas
    box = grid.bounding_box()
    page.mouse.click(box["x"] + 12, box["y"] + 35 + 17)  # the first row's selection cell
    page.wait_for_url(re.compile(r"/replay\?.*record=\d+"), timeout=WAIT_MS)
    expect(page.get_by_text(re.compile(r"^Step \d+ of \d+"))).to_be_visible()
    step, _ = _step_shown(page)
    assert step > 0, page.url
    expect(page.locator(".tf-trick [data-card='T1']")).to_be_visible()  # the trick of T1
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "search-hit.screenshot.png"), full_page=True)


def test_best_play_marks_the_cards_in_the_replay(sample_server: str, page: Page) -> None:
    record = "famous:marafone-maraffa-led.tgn:1"
    page.goto(f"{sample_server}/replay?record={record}&step=45&best=1")
    verdict = page.get_by_text(re.compile(r"^Best play: \w+: a (best card|blunder|mistake|inacc)"))
    expect(verdict).to_be_visible(timeout=120_000)  # worked out in the background
    expect(page.locator(".tf-card.best").first).to_be_visible()
    expect(page.locator("[data-testid=stVegaLiteChart]")).to_be_visible()
    assert _step_shown(page)[0] == 45  # the step asked for, not reset by the analysis
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "best-play.screenshot.png"), full_page=True)


@pytest.mark.viewport(390, 844)
def test_the_card_table_at_phone_width(sample_server: str, page: Page) -> None:
    page.goto(f"{sample_server}/replay?record=famous:tarocco-siciliano-stata.tgn:1&step=0")
    hand = page.locator(".tf-seat[data-seat='1'] .tf-card")
    expect(hand.first).to_be_visible()
    tops = {round(hand.nth(i).bounding_box()["y"]) for i in range(hand.count())}
    per_row = hand.count() / len(tops)
    assert per_row >= 5, f"{hand.count()} cards in {len(tops)} rows"  # rows, not a column
    table = page.locator(".tf-table").bounding_box()
    assert table["width"] <= 390
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= 391, f"the page scrolls sideways: {wide} px"
    OUT.mkdir(exist_ok=True)
    page.locator(".tf-table").screenshot(path=str(OUT / "phone.screenshot.png"))


IDLE = "[data-testid=stApp][data-test-script-state=notRunning]"


def _click(page: Page, key: str) -> None:
    """Click the button of widget `key` and wait until the page has run again."""
    page.locator(f".st-key-{key} button:visible").first.click()
    page.wait_for_timeout(150)  # the run starts
    page.wait_for_selector(IDLE, state="attached")


def _transcribe_a_marafone_opening(server: str, page: Page) -> None:
    """Set up a 4-seat marafone deal (clicks, and the keyboard for the names), give cards
    by clicking the deck, then resume from the whole deal pasted, name trumps and play the
    first cards by clicking them."""
    from trunfu.engine import actions, simulate
    from trunfu.notation.writer import write

    record = simulate("marafone", 4, 1, seed=2)[0]
    page.goto(f"{server}/transcribe")
    page.get_by_label("Game").click()
    page.get_by_role("option", name="Marafone").click()
    rules = page.locator("input[aria-label='Rules'][value='Usual (Standard rules)']")
    expect(rules).to_have_count(1)  # the set-up drawn again for marafone
    page.get_by_text("Players and the event").click()
    page.get_by_label("Seat 1").click()
    page.keyboard.type("Ada")
    page.keyboard.press("Tab")
    _click(page, "tr_start")
    first = list(record.deal.hands[0].cards)[:3]
    for n, card in enumerate(first, 1):
        _click(page, f"deal-{card}")
        expect(page.locator(".st-key-owner-1 button")).to_contain_text(f"{n}/10")
    expect(page.locator(".tf-cards .tf-card")).to_have_count(3)  # seat 1's hand so far
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / f"transcribe-deal-{page.viewport_size['width']}.screenshot.png"),
                    full_page=True)  # fmt: skip
    _click(page, "tr-new")
    page.get_by_text("…or resume from a pasted record").click()
    deal_only = write(replace(record, play=None, trump=None))
    deal_only = deal_only.replace(record.tag("Result"), "*").replace(
        '[Game "marafone"]', '[Game "marafone"]\n[P1 "Ada"]'
    )
    page.get_by_label("A partial TGN record").fill(deal_only)
    page.keyboard.press("Control+Enter")
    _click(page, "tr_resume")
    code = page.locator("[data-testid=stCode]").first
    expect(code).to_contain_text('[P1 "Ada"]')
    for _, action in actions(record)[:6]:  # trumps, then the first cards
        if action.startswith("trump"):
            _click(page, f"do-{action.replace(' ', '-')}")
        else:
            _click(page, f"play-{action.split()[0]}")
        expect(code).to_contain_text(
            action.split()[-1] if action.startswith("trump") else action.split()[0]
        )
    expect(code).to_contain_text("2. ")
    expect(page.locator(".tf-turn")).to_contain_text("plays")


def test_transcribe_a_deal_with_clicks_and_keys(server: str, page: Page) -> None:
    _transcribe_a_marafone_opening(server, page)
    code = page.locator("[data-testid=stCode]").first
    before = code.inner_text()
    _click(page, "tr-undo-button")
    expect(code).not_to_have_text(before)
    undone = code.inner_text()
    page.reload()  # the work is kept in the URL
    expect(page.locator("[data-testid=stCode]").first).to_have_text(undone)
    page.screenshot(path=str(OUT / "transcribe.screenshot.png"), full_page=True)


@pytest.mark.viewport(390, 844)
def test_transcribe_at_phone_width(server: str, page: Page) -> None:
    _transcribe_a_marafone_opening(server, page)
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= 391, f"the page scrolls sideways: {wide} px"
    cards = page.locator(".st-key-tr-cards button:visible")
    rows = Counter(round(cards.nth(i).bounding_box()["y"]) for i in range(cards.count()))
    assert max(rows.values()) >= 4, f"{cards.count()} cards in {len(rows)} rows"  # not a column
    box = cards.first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44  # a finger's size
    page.screenshot(path=str(OUT / "transcribe-phone.screenshot.png"), full_page=True)


def test_transcribe_the_play_only_with_clicks(server: str, page: Page) -> None:
    """The play only of a French tarot deal: the calls by mouse, the écart opened and a
    card laid in it, undone."""
    page.goto(f"{server}/transcribe")
    page.get_by_text("The play only (hands not known)").click()
    _click(page, "tr_start")
    expect(page.locator(".tf-turn")).to_contain_text("Seat 2 speaks")
    for word in ("passe", "garde", "passe", "passe"):
        _click(page, f"bp-auction-{word}")
    code = page.locator("[data-testid=stCode]").first
    expect(code).to_contain_text("passe garde passe passe")
    page.get_by_text("The écart: 0 of 6 cards").click()
    _click(page, "bp-discard-7S")
    expect(code).to_contain_text("discard\n  7S")
    expect(page.get_by_text("The écart: 1 of 6 cards")).to_have_count(1)
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / "transcribe-play-only.screenshot.png"), full_page=True)
    _click(page, "tr-undo-button")
    expect(code).not_to_contain_text("discard")
