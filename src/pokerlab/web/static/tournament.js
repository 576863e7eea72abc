// Tournament: what each stack is worth in prizes (ICM), and the heads-up push/fold equilibrium at
// a chosen stack as two 13 x 13 heat maps: how often the small blind pushes each hand, and how
// often the big blind calls.
import { addressParams, announce, api, busy, clearRefusal, debounced, keepInAddress, mix, paintCell, percent, setStatus,
         showRefusal, unpaintCell } from "/static/common.js";

const RANKS = "AKQJT98765432";
const $ = (id) => document.getElementById(id);

/** The class in row r, column c: pairs on the diagonal, suited above it, offsuit below. */
function classAt(r, c) {
  if (r === c) return RANKS[r] + RANKS[c];
  return r < c ? `${RANKS[r]}${RANKS[c]}s` : `${RANKS[c]}${RANKS[r]}o`;
}

const combosOf = (name) => (name.length === 2 ? 6 : name.endsWith("s") ? 4 : 12);
const ALL_COMBOS = 1326;
const number = (x) => x.toLocaleString("en", { maximumFractionDigits: 2 });

// ---- Colours: a cell's background runs from the felt (never played) to gold (always), its text
// black or white by computed contrast (see mix and paintCell in common.js).

const COLD = [23, 64, 44];
const HOT = [242, 193, 78];

// ---- ICM

/** The numbers in a text ("5000 3000, 2000"); a word that is no number is sent as it is, so that
 *  the server's refusal names it. */
function numbers(text) {
  return text.split(/[\s,;]+/).filter(Boolean).map((word) => {
    const n = Number(word);
    return Number.isFinite(n) ? n : word;
  });
}

let icmSeq = 0;

/** A refusal in the page's words: an item of a list is named by its player or its place. */
function icmWords(e) {
  const item = e.field.match(/^(stacks|payouts)\[(\d+)\]$/);
  if (!item) return e.problem;
  const k = Number(item[2]) + 1;
  return `${item[1] === "stacks" ? `Player ${k}'s stack` : `The prize for place ${k}`}: ${e.problem}`;
}

/** Where the ICM refusals show: under the stacks, under the prizes, else under the table. */
const icmPlaces = () => ({ stacks: { message: $("stacks-error"), field: $("stacks"), words: icmWords },
                           payouts: { message: $("payouts-error"), field: $("payouts"), words: icmWords } });

function drawIcm(result) {
  const { stacks, payouts, equity, chips, pool } = result;
  const rows = stacks.map((stack, i) => {
    const tr = document.createElement("tr");
    tr.dataset.player = i;
    tr.dataset.equity = equity[i];
    const th = Object.assign(document.createElement("th"), { scope: "row", textContent: `Player ${i + 1}` });
    const cells = [number(stack), percent(chips ? stack / chips : 0), number(equity[i]), percent(pool ? equity[i] / pool : 0)]
      .map((text) => Object.assign(document.createElement("td"), { textContent: text }));
    tr.append(th, ...cells);
    return tr;
  });
  $("icm-rows").replaceChildren(...rows);
  $("icm-status").textContent = `${stacks.length} players, ${payouts.length} paid ${payouts.length === 1 ? "place" : "places"}: `
    + `${number(pool)} in prizes for ${number(chips)} chips.`;
  $("icm-status").dataset.state = "done";
}

async function computeIcm() {
  const seq = ++icmSeq;
  const body = { stacks: numbers($("stacks").value), payouts: numbers($("payouts").value) };
  try {
    const result = await api("/api/icm", body);
    if (seq !== icmSeq) return;
    clearRefusal(icmPlaces(), $("icm-error"));
    drawIcm(result);
  } catch (error) {
    if (seq !== icmSeq) return;
    $("icm-rows").replaceChildren();
    $("icm-status").textContent = "";
    $("icm-status").dataset.state = "error";
    showRefusal(error, icmPlaces(), $("icm-error"));
  } finally {
    if (seq === icmSeq) busy($("icm-result"), false);
  }
}

const scheduleIcm = debounced(computeIcm, 200);

function icmChanged() {
  icmSeq++;
  busy($("icm-result"), true);
  $("icm-status").dataset.state = "computing";
  scheduleIcm();
}

// ---- Push/fold

const SIDES = {
  push: { map: "push-map", share: "push-share", detail: "push-detail", who: "the small blind", verb: "pushes", done: "pushed" },
  call: { map: "call-map", share: "call-share", detail: "call-detail", who: "the big blind", verb: "calls", done: "called" },
};
let pushfold = null; // the last result shown
let pushfoldSeq = 0;
let retryTimer = null;

/** How often, in words: "always", "never", "43.5% of the time". */
function often(f) {
  if (f >= 0.9995) return "always";
  if (f < 0.0005) return "never";
  return `${percent(f)} of the time`;
}

function cellLabel(side, name) {
  if (!pushfold) return name;
  const f = pushfold[side][name];
  const how = often(f);
  return `${name}: ${how === "always" || how === "never" ? `${how} ${SIDES[side].done}` : `${SIDES[side].done} ${how}`}`;
}

function describe(side, name) {
  if (!pushfold) return "";
  const f = pushfold[side][name];
  const ante = pushfold.ante ? `, ante ${number(pushfold.ante)}` : "";
  return `${name} (${combosOf(name)} combos): ${SIDES[side].who} ${SIDES[side].verb} it ${often(f)} at `
    + `${number(pushfold.stack)} big blinds${ante}.`;
}

/** Say what a cell holds on the line below its map (on focus, hover or tap). */
function readOut(side, name) {
  const line = $(SIDES[side].detail);
  line.dataset.hand = name;
  line.textContent = describe(side, name);
}

function buildMap(side) {
  const map = $(SIDES[side].map);
  [...RANKS].forEach((_, r) => [...RANKS].forEach((__, c) => {
    const cell = document.createElement("button");
    cell.type = "button";
    cell.className = "hm-cell" + (r === c ? " pair" : r < c ? " suited" : " offsuit");
    cell.dataset.hand = classAt(r, c);
    cell.dataset.row = r;
    cell.dataset.col = c;
    cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
    cell.textContent = classAt(r, c);
    cell.setAttribute("aria-label", classAt(r, c));
    map.append(cell);
  }));
  // One tab stop a map: the arrow keys move inside it, Home and End along the row.
  map.addEventListener("focusin", (event) => {
    const cell = event.target.closest(".hm-cell");
    if (!cell) return;
    for (const other of map.children) other.tabIndex = other === cell ? 0 : -1;
    readOut(side, cell.dataset.hand);
  });
  map.addEventListener("mouseover", (event) => {
    const cell = event.target.closest(".hm-cell");
    if (cell) readOut(side, cell.dataset.hand);
  });
  map.addEventListener("keydown", (event) => {
    const cell = event.target.closest(".hm-cell");
    const steps = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
    if (!cell) return;
    let [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    if (event.key in steps) {
      row += steps[event.key][0];
      col += steps[event.key][1];
    } else if (event.key === "Home" || event.key === "End") {
      col = event.key === "Home" ? 0 : RANKS.length - 1;
    } else {
      return;
    }
    event.preventDefault();
    map.querySelector(`[data-row="${row}"][data-col="${col}"]`)?.focus();
  });
  // A tap or click reads the cell out too (a phone has no hover).
  map.addEventListener("click", (event) => {
    const cell = event.target.closest(".hm-cell");
    if (cell) { cell.focus(); readOut(side, cell.dataset.hand); }
  });
}

function drawMaps() {
  for (const side of Object.keys(SIDES)) {
    let combos = 0;
    for (const cell of $(SIDES[side].map).children) {
      const name = cell.dataset.hand;
      const f = pushfold ? pushfold[side][name] : null;
      cell.setAttribute("aria-label", cellLabel(side, name));
      cell.dataset.frequency = f === null ? "" : f;
      if (f === null) {
        unpaintCell(cell);
        continue;
      }
      combos += f * combosOf(name);
      paintCell(cell, mix(COLD, HOT, f));
    }
    $(SIDES[side].share).textContent = pushfold
      ? `${percent(combos / ALL_COMBOS)} of hands (${number(combos)} combos)` : "";
  }
  // A cell read out before keeps its line, now about the new stack (or cleared on an error).
  for (const side of Object.keys(SIDES)) {
    const shown = $(SIDES[side].detail).dataset.hand;
    $(SIDES[side].detail).textContent = shown ? describe(side, shown) : "";
  }
}

function drawSummary(result) {
  const { small_blind: sb, big_blind: bb } = result.ev;
  const ante = result.ante ? `, ante ${number(result.ante)}` : "";
  $("pushfold-summary").textContent = `At ${number(result.stack)} big blinds${ante}: the small blind's EV is `
    + `${sb >= 0 ? "+" : "−"}${Math.abs(sb).toFixed(3)} bb a hand, the big blind's ${bb >= 0 ? "+" : "−"}`
    + `${Math.abs(bb).toFixed(3)} bb; exploitability ${result.exploitability.toExponential(1)} bb.`;
}

function readStack() {
  const stack = $("stack").value.trim(), ante = $("ante").value.trim();
  return { stack: stack === "" ? null : Number(stack), ante: ante === "" ? 0 : Number(ante) };
}

/** Where the push/fold refusals show: under the stack and ante, else on the status line's error line. */
const pushfoldPlaces = () => ({ stack: { message: $("stack-error"), field: $("stack") },
                                ante: { message: $("ante-error"), field: $("ante") } });

async function computePushfold() {
  const seq = ++pushfoldSeq;
  clearTimeout(retryTimer);
  clearRefusal(pushfoldPlaces());
  const { stack, ante } = readStack();
  if (stack === null) {
    busy($("heatmaps"), false);
    setStatus("Give the effective stack in big blinds", "waiting");
    return;
  }
  try {
    const result = await api("/api/pushfold", { stack, ante });
    if (seq !== pushfoldSeq) return;
    if (result.pending) {
      // The server's first push/fold builds its table of all-in equities; it says how far it has got.
      setStatus(`Preparing the all-in equity table, once for this server (a minute or two): ${percent(result.progress, 0)} done…`,
                "preparing");
      retryTimer = setTimeout(() => { if (seq === pushfoldSeq) computePushfold(); }, 1000 * result.retry_after);
      return;
    }
    pushfold = result;
    drawMaps();
    drawSummary(result);
    busy($("heatmaps"), false);
    setStatus("done", "done");
    const shares = Object.keys(SIDES).map((side) => $(SIDES[side].share).textContent.split(" of hands")[0]);
    announce(`At ${number(result.stack)} big blinds the small blind pushes ${shares[0]} of hands and the big blind calls ${shares[1]}.`);
  } catch (error) {
    if (seq !== pushfoldSeq) return;
    pushfold = null;
    drawMaps();
    $("pushfold-summary").textContent = "";
    busy($("heatmaps"), false);
    setStatus("", "error");
    showRefusal(error, pushfoldPlaces());
  }
}

const schedulePushfold = debounced(computePushfold, 250);

/** The stack or the ante changed: the maps dim until the new equilibrium comes. */
function pushfoldChanged() {
  pushfoldSeq++;
  clearTimeout(retryTimer);
  busy($("heatmaps"), true);
  setStatus("computing…", "computing");
  schedulePushfold();
}

// ---- The inputs in the page's address, so a link shares them and going back finds them.

const KEPT = ["stacks", "payouts", "stack", "ante"];

/** The inputs that differ from the page's own, in its address. */
function keepSpot() {
  const params = new URLSearchParams();
  for (const id of KEPT) if ($(id).value !== $(id).defaultValue) params.set(id, $(id).value);
  keepInAddress(params);
}

/** The inputs a link names, if any. */
function restoreSpot() {
  const params = addressParams();
  for (const id of KEPT) if (params.has(id)) $(id).value = params.get(id);
}

buildMap("push");
buildMap("call");
for (const [ids, changed] of [[["stacks", "payouts"], icmChanged], [["stack", "ante"], pushfoldChanged]]) {
  for (const id of ids) $(id).addEventListener("input", () => { keepSpot(); changed(); });
}
restoreSpot();
icmChanged();
pushfoldChanged();
