// Ranges: paint a range on the 13 x 13 grid (or type it; the two stay in step), pick a board,
// and see what the range holds there line by line, its equity hand by hand against a villain's
// range as a heat map, and how each next card changes it.
import { addressParams, announce, api, busy, cardsIn, cardSlot, cardWords, clearRefusal, debounced, DeckPicker,
         keepFocus, keepInAddress, Latest, mix, paintCell, percent, setStatus, showRefusal, unpaintCell } from "/static/common.js";

const RANKS = "AKQJT98765432";
const BOARD_SIZE = 5;
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const SUIT_SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** The class in row r, column c: pairs on the diagonal, suited above it, offsuit below. */
function classAt(r, c) {
  if (r === c) return RANKS[r] + RANKS[c];
  return r < c ? `${RANKS[r]}${RANKS[c]}s` : `${RANKS[c]}${RANKS[r]}o`;
}

const CLASSES = [...RANKS].flatMap((_, r) => [...RANKS].map((_, c) => classAt(r, c)));
const combosOf = (name) => (name.length === 2 ? 6 : name.endsWith("s") ? 4 : 12);
const rankIndex = (rank) => RANKS.indexOf(rank.toUpperCase());

// ---- Range text <-> class weights. The server reads the text; the page reads the part of the
// syntax that names whole classes (pairs, suited and offsuit hands, +, runs, weights), enough to
// draw the grid, and says which tokens it cannot draw.

/** Split at the commas outside brackets. */
function items(text) {
  const out = [];
  let depth = 0, start = 0;
  [...text].forEach((ch, i) => {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) { out.push(text.slice(start, i)); start = i + 1; }
  });
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

const GROUP = /^(\d+(?:\.\d+)?%|\d*\.\d+|[01])\s*\((.*)\)$/s;
const weightOf = (text) => (text.endsWith("%") ? Number(text.slice(0, -1)) / 100 : Number(text));

/** Every (token, weight) in the text: "50%(KK, AKs)" and "AKs:0.5" carry weights. */
function tokens(text, weight = 1) {
  return items(text).flatMap((item) => {
    const group = item.match(GROUP);
    if (group) return tokens(group[2], weight * weightOf(group[1]));
    const [token, suffix] = item.split(":");
    return [{ token: token.trim(), weight: suffix === undefined ? weight : weight * Number(suffix) }];
  });
}

const suitedness = (suffix) => (suffix ? [suffix.toLowerCase()] : ["s", "o"]);

/** The classes a token names, or null when it is not a whole-class token. */
function expand(token) {
  const t = token.replace(/\s+/g, "");
  if (/^(random|any)$/i.test(t)) return CLASSES;
  let m = t.match(/^([AKQJT2-9])\1(\+)?$/i);
  if (m) {
    const r = rankIndex(m[1]);
    return [...RANKS].slice(m[2] ? 0 : r, r + 1).map((rank) => rank + rank);
  }
  m = t.match(/^([AKQJT2-9])\1-([AKQJT2-9])\2$/i);
  if (m) {
    const [a, b] = [rankIndex(m[1]), rankIndex(m[2])].sort((x, y) => x - y);
    return [...RANKS].slice(a, b + 1).map((rank) => rank + rank);
  }
  m = t.match(/^([AKQJT2-9])([AKQJT2-9])([so])?(\+)?$/i);
  if (m && m[1].toUpperCase() !== m[2].toUpperCase()) {
    const [hi, lo] = [rankIndex(m[1]), rankIndex(m[2])].sort((x, y) => x - y);
    const kickers = m[4] ? [...RANKS].slice(hi + 1, lo + 1) : [RANKS[lo]];
    return kickers.flatMap((k) => suitedness(m[3]).map((s) => RANKS[hi] + k + s));
  }
  m = t.match(/^([AKQJT2-9])([AKQJT2-9])([so])?-([AKQJT2-9])([AKQJT2-9])([so])?$/i);
  if (m && (m[3] || "").toLowerCase() === (m[6] || "").toLowerCase()) {
    const [a1, a2, b1, b2] = [m[1], m[2], m[4], m[5]].map(rankIndex);
    const out = [];
    if (a1 === b1) { // one top card, a run of kickers: A5s-A2s
      const [from, to] = [a2, b2].sort((x, y) => x - y);
      for (let k = from; k <= to; k++) if (k > a1) out.push(...suitedness(m[3]).map((s) => RANKS[a1] + RANKS[k] + s));
    } else if (a2 - a1 === b2 - b1 && a2 > a1) { // connectors with one gap: JTs-54s
      const [from, to] = [a1, b1].sort((x, y) => x - y);
      for (let h = from; h <= to; h++) out.push(...suitedness(m[3]).map((s) => RANKS[h] + RANKS[h + a2 - a1] + s));
    }
    return out.length ? out : null;
  }
  return null;
}

/** The text's class weights (a class named twice keeps its largest weight) and the tokens not drawn. */
function readRange(text) {
  const weights = new Map(), unread = [];
  for (const { token, weight } of tokens(text)) {
    const classes = Number.isFinite(weight) ? expand(token) : null;
    if (!classes) { unread.push(token); continue; }
    for (const name of classes) weights.set(name, Math.min(1, Math.max(weights.get(name) ?? 0, weight)));
  }
  for (const [name, w] of weights) if (!(w > 0)) weights.delete(name);
  return { weights, unread };
}

const weightSuffix = (w) => (w >= 1 ? "" : `:${Number(w.toFixed(2))}`);

/** Runs of equal weight along a list of classes, each run written by `name(first, last, index)`. */
function runs(list, weights, name) {
  const out = [];
  let i = 0;
  while (i < list.length) {
    const w = weights.get(list[i]);
    if (!w) { i++; continue; }
    let j = i;
    while (j + 1 < list.length && weights.get(list[j + 1]) === w) j++;
    out.push(name(list[i], list[j], i) + weightSuffix(w));
    i = j + 1;
  }
  return out;
}

/** The class weights as compact PokerStove text: "QQ+, AJs+, KQo, 76s:0.5". */
function writeRange(weights) {
  const pairs = [...RANKS].map((r) => r + r);
  const parts = runs(pairs, weights, (first, last, i) => (first === last ? first : i === 0 ? `${last}+` : `${first}-${last}`));
  for (let h = 0; h < RANKS.length - 1; h++) {
    for (const s of ["s", "o"]) {
      const list = [...RANKS].slice(h + 1).map((k) => RANKS[h] + k + s);
      parts.push(...runs(list, weights, (first, last, i) => (first === last ? first : i === 0 ? `${last}+` : `${first}-${last}`)));
    }
  }
  return parts.join(", ");
}

// ---- The page

const state = { weights: new Map(), unread: [], board: [], equity: null, combos: null };
const $ = (id) => document.getElementById(id);
let requestSeq = 0;
let painting = null; // while a drag paints: the weight it sets (0 erases)

const paintWeight = () => Number($("weight").value) / 100;

/** An equity on the heat map as it reads: "67.3%", or "67.3% ±2.1%" when sampled (each hand
 *  and combo its own 95% interval, from the showdowns it was dealt). */
const heatFigure = (entry) => percent(entry.equity) + (state.heatExact === false ? ` ±${percent(1.96 * entry.stderr)}` : "");

function cellLabel(name) {
  const w = state.weights.get(name) ?? 0;
  const equity = state.equity?.[name];
  const how = w ? `in the range at ${percent(w, 0)}` : "not in the range";
  const estimate = state.heatExact === false ? " (a Monte Carlo estimate)" : "";
  return `${name}, ${combosOf(name)} combos, ${how}${equity === undefined ? "" : `, equity ${heatFigure(equity)}${estimate}`}`;
}

/** The starting-hand class of a combo: "AhKh" -> "AKs", "Kd9c" -> "K9o" (higher rank first). */
function classOf(combo) {
  const [a, b] = [combo.slice(0, 2), combo.slice(2, 4)].sort((x, y) => rankIndex(x[0]) - rankIndex(y[0]));
  return a[0] === b[0] ? a[0] + b[0] : a[0] + b[0] + (a[1] === b[1] ? "s" : "o");
}

/** A cell's combos and their equities against the villain, shown when the cell has focus. */
function showHand(name) {
  const combos = (state.combos ?? []).filter((c) => classOf(c.hand) === name);
  $("hand-detail").textContent = !combos.length ? "" :
    `${name} against the villain: ${combos.map((c) => `${c.hand} ${heatFigure(c)}`).join(", ")}` +
    `${state.heatExact === false ? " (Monte Carlo estimates, 95%)" : ""}.`;
}

function drawGrid() {
  const grid = $("range-grid");
  const heat = $("view").value === "equity" && state.equity;
  if (!heat) $("hand-detail").textContent = "";
  grid.classList.toggle("heat", Boolean(heat));
  for (const cell of grid.children) {
    const name = cell.dataset.hand;
    const w = state.weights.get(name) ?? 0;
    cell.setAttribute("aria-pressed", String(w > 0));
    cell.setAttribute("aria-label", cellLabel(name));
    const equity = heat ? state.equity[name] : undefined;
    if (equity !== undefined) paintCell(cell, heatColour(equity.equity));
    else if (w > 0) paintCell(cell, mix(unpainted(cell), GOLD, w));
    else unpaintCell(cell);
    cell.dataset.equity = equity === undefined ? "" : equity.equity;
    cell.dataset.margin = equity === undefined || state.heatExact !== false ? "" : 1.96 * equity.stderr;
    cell.title = equity === undefined ? "" : `${name}: ${heatFigure(equity)}`;
  }
  const combos = [...state.weights].reduce((sum, [name, w]) => sum + w * combosOf(name), 0);
  $("range-size").textContent = `${Number(combos.toFixed(2))} combos (${percent(combos / 1326)} of all hands)` +
    (state.unread.length ? `. The grid cannot draw ${state.unread.join(", ")}: it is sent as typed.` : "");
}

// A painted cell's colour runs from the grid's own (unpainted) to gold with its weight, the text
// black or white by computed contrast (see paintCell): a half-painted cell is as readable as a full one.
const GOLD = [242, 193, 78];
const UNPAINTED = { pair: [36, 84, 59], other: [23, 64, 44] };
const unpainted = (cell) => (cell.classList.contains("pair") ? UNPAINTED.pair : UNPAINTED.other);
const RED = [170, 48, 40], AMBER = [214, 150, 40], GREEN = [30, 130, 72];

/** Red (0%) through amber (50%) to green (100%). */
function heatColour(equity) {
  return equity < 0.5 ? mix(RED, AMBER, 2 * equity) : mix(AMBER, GREEN, 2 * equity - 1);
}

function paint(cell) {
  const name = cell.dataset.hand;
  if (painting) state.weights.set(name, painting.weight);
  if (painting && painting.weight === 0) state.weights.delete(name);
  drawGrid();
}

/** Painting rewrites the text from the grid: first ask if that drops tokens the grid cannot draw. */
function mayRewrite() {
  if (!state.unread.length) return true;
  if (!confirm(`Painting rewrites the range text and drops ${state.unread.join(", ")}. Go on?`)) return false;
  state.unread = [];
  return true;
}

function gridChanged() {
  $("range-text").value = writeRange(state.weights);
  Object.assign(state, { equity: null, combos: null });
  changed();
}

function buildGrid() {
  const grid = $("range-grid");
  RANKS.split("").forEach((_, r) => RANKS.split("").forEach((__, c) => {
    const cell = document.createElement("button");
    cell.type = "button";
    cell.className = "hand" + (r === c ? " pair" : r < c ? " suited" : " offsuit");
    cell.dataset.hand = classAt(r, c);
    cell.dataset.row = r;
    cell.dataset.col = c;
    cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
    cell.textContent = classAt(r, c);
    grid.append(cell);
  }));
  grid.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest("button.hand");
    if (!cell || event.button !== 0 || !mayRewrite()) return;
    event.preventDefault();
    const w = paintWeight();
    painting = { weight: state.weights.get(cell.dataset.hand) === w ? 0 : w };
    cell.focus();
    paint(cell);
  });
  // A touch drag keeps sending its events to the first cell, so the cell under the finger is looked up.
  grid.addEventListener("pointermove", (event) => {
    if (!painting) return;
    const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest("#range-grid button.hand");
    if (cell && (state.weights.get(cell.dataset.hand) ?? 0) !== painting.weight) paint(cell);
  });
  const stop = () => { if (painting) { painting = null; gridChanged(); } };
  window.addEventListener("pointerup", stop);
  window.addEventListener("pointercancel", stop);
  grid.addEventListener("click", (event) => {
    // A click from the keyboard (Enter, Space) paints one cell; a pointer click already painted.
    const cell = event.target.closest("button.hand");
    if (!cell || event.detail !== 0 || !mayRewrite()) return;
    const w = paintWeight();
    painting = { weight: state.weights.get(cell.dataset.hand) === w ? 0 : w };
    paint(cell);
    stop();
  });
  grid.addEventListener("focusin", (event) => {
    for (const cell of grid.children) cell.tabIndex = cell === event.target ? 0 : -1;
    if (event.target.dataset.hand) showHand(event.target.dataset.hand);
  });
  grid.addEventListener("keydown", (event) => {
    const steps = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
    const cell = event.target.closest("button.hand");
    if (!cell || !(event.key in steps)) return;
    event.preventDefault();
    const [dr, dc] = steps[event.key];
    grid.querySelector(`[data-row="${Number(cell.dataset.row) + dr}"][data-col="${Number(cell.dataset.col) + dc}"]`)?.focus();
  });
}

// ---- Board

function pick(name) {
  if (state.board.length >= BOARD_SIZE) return;
  state.board.push(name);
  changed();
}

function drawBoard() {
  keepFocus(() => {
    const items = state.board.map((name, i) => cardSlot(name, { place: "Board", index: i, onClick: () => {
      state.board.splice(state.board.indexOf(name), 1);
      changed();
    } }));
    for (let i = state.board.length; i < BOARD_SIZE; i++) {
      items.push(cardSlot(null, { place: "Board", index: i, target: i === state.board.length, onClick: () => picker.focus() }));
    }
    $("board").replaceChildren(...items);
  });
  picker.used(state.board);
}

// ---- Results

/** Where each field's refusal shows: under the range (the breakdown calls it "range", the
 *  equity and next-card calls "players[0]"), under the villain's range, under the board. */
function refusalPlaces() {
  const range = { message: $("range-error"), field: $("range-text") };
  return { range, "players[0]": range, "players[1]": { message: $("villain-error"), field: $("villain-text") },
           board: { message: $("board-error"), field: $("board"), box: $("board-panel") } };
}

function drawBreakdown(result) {
  // made and draws map each line's name to the line, strongest first; hands map a combo to its weight.
  const lines = [...Object.values(result.made).map((l) => ({ ...l, kind: "made" })),
                 ...Object.values(result.draws).map((l) => ({ ...l, kind: "draw" }))].filter((line) => line.combos > 0);
  $("breakdown-total").textContent = `${Number(result.weight.toFixed(2))} combos on ${result.board}`;
  $("breakdown").replaceChildren(...lines.map((line) => {
    const details = document.createElement("details");
    details.className = `line ${line.kind}`;
    details.dataset.name = line.name;
    const summary = document.createElement("summary");
    const bar = Object.assign(document.createElement("span"), { className: "bar" });
    const fill = Object.assign(document.createElement("span"), { className: "fill" });
    fill.style.width = percent(line.share, 2);
    bar.append(fill);
    bar.setAttribute("aria-hidden", "true");
    summary.append(Object.assign(document.createElement("span"), { className: "label", textContent: line.label }), bar,
      Object.assign(document.createElement("span"), { className: "share",
        textContent: `${percent(line.share)} · ${Number(line.weight.toFixed(2))} combos` }));
    const hands = Object.assign(document.createElement("p"), { className: "hands", textContent: Object.keys(line.hands).join(" ") });
    details.append(summary, hands);
    return details;
  }));
}

// The next-card table's cells: the panel's shade where a card changes nothing, green where it
// helps the range and red where it hurts, stronger the bigger the change.
const NEUTRAL = [38, 66, 52], HELPS = [22, 110, 62], HURTS = [160, 45, 40];

/** The cards that clearly help (or hurt) the range, best (or worst) first: all of them when the
 *  table is exact; when it is sampled, only those whose 95% interval lies wholly above (or
 *  below) the equity now, so that noise is never listed as a best or a worst card. */
function clearly(cards, now, better) {
  const sure = (c) => (better ? c.equity - c.margin > now : c.equity + c.margin < now);
  return cards.filter(sure).sort((a, b) => (better ? b.equity - a.equity : a.equity - b.equity)).slice(0, 6)
    .map((c) => c.card);
}

function drawRunouts(result) {
  const byCard = new Map(result.cards.map((c) => [c.card, { card: c.card, equity: c.equity[0], margin: 1.96 * c.stderr[0] }]));
  const now = result.before[0];
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { textContent: "Suit", scope: "col" }),
    ...[...RANKS].map((r) => Object.assign(document.createElement("th"), { textContent: r, scope: "col" })));
  const rows = ["s", "h", "d", "c"].map((suit) => {
    const tr = document.createElement("tr");
    const th = Object.assign(document.createElement("th"), { scope: "row", textContent: SUIT_SYMBOLS[suit] });
    th.setAttribute("aria-label", SUIT_NAMES[suit]);
    th.className = `suit-${suit}`;
    tr.append(th, ...[...RANKS].map((rank) => {
      const td = document.createElement("td");
      const card = byCard.get(rank + suit);
      td.dataset.card = rank + suit;
      td.textContent = card === undefined ? "–" : Math.round(100 * card.equity);
      if (card !== undefined) {
        td.dataset.equity = card.equity;
        td.dataset.margin = card.margin;
        td.title = result.exact ? percent(card.equity) : `${percent(card.equity)} ±${percent(card.margin)}`;
        td.setAttribute("aria-label", `${cardWords(rank + suit)}: ${td.title}`);
        const shift = Math.max(-1, Math.min(1, (card.equity - now) * 4));
        paintCell(td, mix(NEUTRAL, shift >= 0 ? HELPS : HURTS, Math.abs(shift)));
      }
      return td;
    }));
    return tr;
  });
  $("runouts").replaceChildren(head, ...rows);
  const cards = [...byCard.values()];
  const [best, worst] = [clearly(cards, now, true), clearly(cards, now, false)];
  const widest = Math.max(...cards.map((c) => c.margin));
  const how = result.exact ? "exact" : `Monte Carlo: each card's figure within ±${percent(widest)} (95%)`;
  $("runouts-summary").textContent = `The range has ${percent(now)} now${result.exact ? "" : ` ±${percent(1.96 * result.before_stderr[0])}`}`
    + ` (${how}). Best next cards: ${best.join(" ") || "none clearly better"}; worst: ${worst.join(" ") || "none clearly worse"}.`;
}

const rangeText = () => $("range-text").value.trim();
const villainText = () => $("villain-text").value.trim() || "random";

const panels = { breakdown: new Latest(), runouts: new Latest(), equity: new Latest() };
const RUNOUT_SECONDS = [1.5, 5]; // a sampled table is asked for again with more time

/** Run one analysis into its panel: dimmed while it runs, cleared when its inputs make no sense.
 *  `request(signal)` may return several answers in turn (a refined one last). */
async function into(panel, seq, request, draw, clear) {
  busy(panel, true);
  try {
    for await (const result of request()) {
      if (seq !== requestSeq) return;
      draw(result);
    }
    panel.dataset.state = "done";
  } catch (error) {
    if (seq !== requestSeq) return;
    clear();
    panel.dataset.state = "error";
    showRefusal(error, refusalPlaces());
  } finally {
    if (seq === requestSeq) busy(panel, false);
  }
}

function clearBreakdown() {
  busy($("breakdown-panel"), false);
  $("breakdown").replaceChildren();
  $("breakdown-total").textContent = "Pick a flop (three to five cards) to see what the range holds there.";
}

function clearRunouts() {
  busy($("runouts-panel"), false);
  $("runouts").replaceChildren();
  $("runouts-summary").textContent = "Pick a flop or a turn to see how each next card changes the range's equity.";
}

function drawHeat(result) {
  const p = result.players[0];
  Object.assign(state, { equity: p.classes, combos: p.combos, heatExact: result.exact });
  drawGrid();
  const margin = result.exact ? "" : ` ±${percent(1.96 * p.stderr)}`;
  $("heat-note").textContent = `Equity against the villain: ${percent(p.equity)}${margin} in all` +
    (result.exact ? " (exact)." : " (Monte Carlo: each hand's figure has its own ±, a 95% interval).");
  announce(`The range has ${percent(p.equity)}${margin ? ` plus or minus ${margin.slice(1)}` : ""} against the villain's.`);
}

async function compute() {
  const seq = ++requestSeq;
  clearRefusal(refusalPlaces());
  const range = rangeText(), board = state.board.join("");
  const jobs = [];
  if (!range) {
    clearBreakdown();
    clearRunouts();
    setStatus("Paint or type a range", "waiting");
    return;
  }
  setStatus("computing…", "computing");
  if (state.board.length >= 3) {
    const signal = panels.breakdown.next();
    jobs.push(into($("breakdown-panel"), seq, async function* () { yield await api("/api/breakdown", { range, board }, { signal }); },
                   drawBreakdown, clearBreakdown));
  } else {
    clearBreakdown();
  }
  if (state.board.length === 3 || state.board.length === 4) {
    const signal = panels.runouts.next();
    jobs.push(into($("runouts-panel"), seq, async function* () {
      for (const seconds of RUNOUT_SECONDS) {
        const result = await api("/api/runouts", { players: [range, villainText()], board, seconds }, { signal });
        yield result;
        if (result.exact) return;
      }
    }, drawRunouts, clearRunouts));
  } else {
    clearRunouts();
  }
  if ($("view").value === "equity" && [0, 3, 4, 5].includes(state.board.length)) {
    const signal = panels.equity.next();
    jobs.push(into($("range-grid"), seq, async function* () {
      yield await api("/api/equity", { players: [range, villainText()], board, by_combo: true, seconds: 2 }, { signal });
    }, drawHeat, () => { Object.assign(state, { equity: null, combos: null }); $("heat-note").textContent = ""; drawGrid(); }));
  } else {
    $("heat-note").textContent = "";
  }
  await Promise.all(jobs);
  if (seq === requestSeq) setStatus($("error").textContent ? "" : "done", $("error").textContent ? "error" : "done");
}

/** The spot in the page's address: the range, the villain's, the board and the view. */
function keepSpot() {
  const params = new URLSearchParams();
  if (rangeText()) params.set("range", rangeText());
  if ($("villain-text").value.trim() !== "random") params.set("villain", $("villain-text").value.trim());
  if (state.board.length) params.set("board", state.board.join(""));
  if ($("view").value !== "range") params.set("view", $("view").value);
  keepInAddress(params);
}

/** The spot a link names, if any. */
function restoreSpot() {
  const params = addressParams();
  $("range-text").value = params.get("range") ?? "";
  $("villain-text").value = params.get("villain") ?? "random";
  state.board = cardsIn(params.get("board") ?? "").slice(0, BOARD_SIZE);
  if (params.get("view") === "equity") $("view").value = "equity";
  Object.assign(state, readRange($("range-text").value));
}

const schedule = debounced(compute, 200);

/** Any input changed: results dim until they are recomputed. */
function changed() {
  requestSeq++;
  setStatus("computing…", "computing");
  drawBoard();
  keepSpot();
  for (const panel of [$("breakdown-panel"), $("runouts-panel")]) {
    busy(panel, true);
    delete panel.dataset.state; // "done" is said of the new inputs only
  }
  schedule();
}

const picker = new DeckPicker($("deck"), pick, "Deck: pick the board");
buildGrid();
$("range-text").addEventListener("input", () => {
  Object.assign(state, readRange($("range-text").value), { equity: null, combos: null });
  drawGrid();
  changed();
});
$("villain-text").addEventListener("input", () => { Object.assign(state, { equity: null, combos: null }); drawGrid(); changed(); });
$("weight").addEventListener("input", () => { $("weight-out").textContent = `${$("weight").value}%`; });
$("view").addEventListener("change", () => { drawGrid(); changed(); });
$("clear-range").addEventListener("click", () => {
  Object.assign(state, { weights: new Map(), unread: [], equity: null, combos: null });
  $("range-text").value = "";
  drawGrid();
  changed();
});
restoreSpot();
drawGrid();
changed();
