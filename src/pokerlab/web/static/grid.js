// The odds grid: a hand, a board and a number of random opponents give how often each pair
// of final categories (yours, the best opponent's) comes up, and how you fare in each.
import { addressParams, announce, api, busy, cardsIn, cardSlot, clearRefusal, debounced, DeckPicker, keepFocus,
         keepInAddress, Latest, percent, setStatus, showRefusal } from "/static/common.js";

const state = { hand: [], board: [], target: "hand" };
const SIZES = { hand: 2, board: 5 };
const PLACES = { hand: "Your hand", board: "Board" };
const HINT = "Choose a cell (tap it, or tab into the grid and use the arrow keys) to see how you fare there.";
// The server's limit caps this; within it, an exact grid is worth waiting a few seconds for.
const GRID_SECONDS = 5;
let requestSeq = 0;
const inflight = new Latest();

function pick(name) {
  const cards = state[state.target];
  if (cards.length >= SIZES[state.target]) return;
  cards.push(name);
  if (state.target === "hand" && cards.length === 2) state.target = "board";
  changed();
}

function refresh() {
  keepFocus(() => {
    for (const place of ["hand", "board"]) {
      const cards = state[place];
      const aimed = state.target === place;
      const items = cards.map((name, i) => cardSlot(name, { place: PLACES[place], index: i, onClick: () => {
        cards.splice(cards.indexOf(name), 1);
        state.target = place;
        changed();
      } }));
      for (let i = cards.length; i < SIZES[place]; i++) {
        items.push(cardSlot(null, { place: PLACES[place], index: i, target: aimed && i === cards.length, onClick: () => {
          state.target = place;
          refresh();
          picker.focus();
        } }));
      }
      document.getElementById(place).replaceChildren(...items);
    }
  });
  document.getElementById("picking").textContent = state.target === "hand" ? "Pick your hand" : "Pick the board";
  picker.used([...state.hand, ...state.board]);
}

const schedule = debounced(compute, 120);

/** The spot in the page's address (hand, board, opponents), so a link shares it. */
function keepSpot() {
  const params = new URLSearchParams();
  if (state.hand.length) params.set("hand", state.hand.join(""));
  if (state.board.length) params.set("board", state.board.join(""));
  const opponents = document.getElementById("opponents").value;
  if (opponents !== "1") params.set("opponents", opponents);
  keepInAddress(params);
}

/** The spot a link names, if any. */
function restoreSpot() {
  const params = addressParams();
  state.hand = cardsIn(params.get("hand") ?? "").slice(0, SIZES.hand);
  state.board = cardsIn(params.get("board") ?? "").filter((c) => !state.hand.includes(c)).slice(0, SIZES.board);
  state.target = state.hand.length === SIZES.hand ? "board" : "hand";
  const opponents = document.getElementById("opponents");
  if ([...opponents.options].some((o) => o.value === params.get("opponents"))) opponents.value = params.get("opponents");
}

/** The inputs changed: the grid shown dims until the new one comes (or clears if none can). */
function changed() {
  requestSeq++;
  setStatus("computing…", "computing"); // the status line never vouches for an answer to old inputs
  refresh();
  keepSpot();
  busy(document.getElementById("result"), true);
  schedule();
}

function clearGrid() {
  document.getElementById("grid").replaceChildren();
  const equity = document.getElementById("equity");
  equity.textContent = "";
  equity.dataset.win = "";
  document.getElementById("cell-detail").textContent = "";
  busy(document.getElementById("result"), false);
}

const head = (text, className = "") => Object.assign(document.createElement("th"), { textContent: text, className });

function sumCell(text) {
  return Object.assign(document.createElement("td"), { textContent: text, className: "sum" });
}

/**
 * The 95% margin of a share sampled from `n` deals (none when the grid is exact): the share
 * counted as if one more deal had it and one more had not, so that a share no sampled deal (or
 * every one) had still shows how little it is sure of.
 */
function margin(share, n) {
  if (!n) return "";
  const p = (share * n + 1) / (n + 2);
  return ` ±${percent(1.96 * Math.sqrt(p * (1 - p) / n), 2)}`;
}

/** What a cell means, in words: shown on focus and on a tap. */
function describe(td) {
  const { own, opp, total, win, tie, lose, sampled } = td.dataset;
  const deals = Number(sampled), here = Number(total) * deals; // sampled deals in all, and in this cell
  const share = (x) => `${percent(Number(x), 1)}${margin(Number(x), here)}`;
  return `You: ${own}; best opponent: ${opp}. ${percent(Number(total), 2)}${margin(Number(total), deals)} of deals; ` +
         `there you win ${share(win)}, tie ${share(tie)}, lose ${share(lose)}.` +
         (deals ? " (Monte Carlo: each ± is a 95% interval.)" : "");
}

function choose(td) {
  document.querySelectorAll("#grid td.chosen").forEach((c) => c.classList.remove("chosen"));
  td.classList.add("chosen");
  for (const c of document.querySelectorAll("#grid td[data-own]")) c.tabIndex = c === td ? 0 : -1;
  document.getElementById("cell-detail").textContent = describe(td);
}

/** Arrow keys move between the grid's cells (one tab stop for the whole grid). */
function move(event) {
  const td = event.target.closest("td[data-own]");
  const steps = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
  if (!td || !(event.key in steps)) return;
  event.preventDefault();
  const [dr, dc] = steps[event.key];
  const next = document.querySelector(`#grid td[data-row="${Number(td.dataset.row) + dr}"][data-col="${Number(td.dataset.col) + dc}"]`);
  if (next) next.focus();
}

/** Rows: your category; columns: the best opponent's; sums on the right and at the foot. */
function draw(result) {
  const names = Object.keys(result.labels);
  const label = (name) => result.labels[name];
  const top = document.createElement("tr");
  top.append(head(""), ...names.map((n) => head(label(n))), head("you: total (win / tie / lose)", "sum"));
  top.firstChild.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: "your hand by the best opponent's" }));
  const rows = [top];
  const columns = names.map(() => 0);
  names.forEach((own, r) => {
    const tr = document.createElement("tr");
    tr.append(head(label(own)));
    const sum = { win: 0, tie: 0, lose: 0 };
    names.forEach((opp, j) => {
      const c = result.cells[own][opp];
      const total = c.win + c.tie + c.lose;
      columns[j] += total;
      for (const k in sum) sum[k] += c[k];
      const td = document.createElement("td");
      td.textContent = total ? percent(total, 2) : "";
      Object.assign(td.dataset, { own: label(own), opp: label(opp), total, win: total ? c.win / total : 0,
                                  tie: total ? c.tie / total : 0, lose: total ? c.lose / total : 0, row: r, col: j,
                                  sampled: result.exact ? 0 : result.showdowns });
      td.title = `${percent(total, 2)}${margin(total, Number(td.dataset.sampled))}`;
      td.tabIndex = r === 0 && j === 0 ? 0 : -1;
      if (total) {
        // Green where you mostly win, red where you mostly lose; stronger the likelier (dark enough for white text).
        const alpha = Math.min(1, 0.25 + Math.sqrt(total) * 1.6);
        td.style.background = c.win >= c.lose ? `rgba(22, 110, 62, ${alpha})` : `rgba(160, 45, 40, ${alpha})`;
      }
      tr.append(td);
    });
    const total = sum.win + sum.tie + sum.lose;
    tr.append(sumCell(total ? `${percent(total)} (${percent(sum.win)} / ${percent(sum.tie)} / ${percent(sum.lose)})` : ""));
    rows.push(tr);
  });
  const foot = document.createElement("tr");
  foot.append(head("opponents", "sum"), ...columns.map((c) => sumCell(c ? percent(c) : "")), sumCell(""));
  rows.push(foot);
  document.getElementById("grid").replaceChildren(...rows);
  document.getElementById("cell-detail").textContent = HINT;
  const equity = document.getElementById("equity");
  equity.textContent = `win ${percent(result.win)} · tie ${percent(result.tie)}`;
  equity.dataset.win = result.win;
  busy(document.getElementById("result"), false);
  const count = Math.round(result.showdowns).toLocaleString("en");
  setStatus(result.exact ? `exact · ${count} showdowns` : `Monte Carlo · ${count} trials · ±${percent(1.96 * result.stderr, 2)}`,
            result.exact ? "exact" : "done");
  announce(`You win ${percent(result.win)} and tie ${percent(result.tie)}.`);
}

/** Where each field's refusal shows: under the hand, the board, the number of opponents. */
function refusalPlaces() {
  const place = (name, field) => ({ message: document.getElementById(`${name}-error`), field,
                                    box: document.getElementById(`${name}-panel`) });
  return { hand: place("hand", document.getElementById("hand")), board: place("board", document.getElementById("board")),
           opponents: place("opponents", document.getElementById("opponents")) };
}

async function compute() {
  const seq = ++requestSeq;
  clearRefusal(refusalPlaces());
  if (state.hand.length !== 2 || ![0, 3, 4, 5].includes(state.board.length)) {
    clearGrid();
    setStatus(state.hand.length !== 2 ? "Pick your two cards" : "The board takes 3, 4 or 5 cards", "waiting");
    return;
  }
  setStatus("computing…", "computing");
  try {
    const result = await api("/api/grid", { hand: state.hand.join(""), board: state.board.join(""),
                                            opponents: Number(document.getElementById("opponents").value), seconds: GRID_SECONDS },
                             { signal: inflight.next() });
    if (seq === requestSeq) draw(result);
  } catch (error) {
    if (seq === requestSeq) { clearGrid(); setStatus("", "error"); showRefusal(error, refusalPlaces()); }
  }
}

const picker = new DeckPicker(document.getElementById("deck"), pick);
const grid = document.getElementById("grid");
grid.addEventListener("focusin", (event) => { const td = event.target.closest("td[data-own]"); if (td) choose(td); });
grid.addEventListener("click", (event) => { const td = event.target.closest("td[data-own]"); if (td) td.focus(); });
grid.addEventListener("keydown", move);
document.getElementById("opponents").addEventListener("change", changed);
restoreSpot();
changed();
