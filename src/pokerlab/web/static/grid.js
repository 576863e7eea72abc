// The odds grid: a hand, a board and a number of random opponents give how often each pair
// of final categories (yours, the best opponent's) comes up, and how you fare in each.
import { api, cardSlot, debounced, DeckPicker, percent, setStatus } from "/static/common.js";

const state = { hand: [], board: [], target: "hand" };
const SIZES = { hand: 2, board: 5 };
let requestSeq = 0;

function pick(name) {
  const cards = state[state.target];
  if (cards.length >= SIZES[state.target]) return;
  cards.push(name);
  if (state.target === "hand" && cards.length === 2) state.target = "board";
  changed();
}

function refresh() {
  for (const place of ["hand", "board"]) {
    const cards = state[place];
    const items = cards.map((name) => cardSlot(name, () => { cards.splice(cards.indexOf(name), 1); state.target = place; changed(); }));
    for (let i = cards.length; i < SIZES[place]; i++) items.push(cardSlot(null, () => { state.target = place; refresh(); }));
    if (state.target === place && cards.length < SIZES[place]) items[cards.length].classList.add("target");
    document.getElementById(place).replaceChildren(...items);
  }
  document.getElementById("picking").textContent = state.target === "hand" ? "Pick your hand" : "Pick the board";
  picker.used([...state.hand, ...state.board]);
}

const schedule = debounced(compute, 120);

function changed() {
  refresh();
  schedule();
}

function cell(text, title, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (title) td.title = title;
  if (className) td.className = className;
  return td;
}

/** Rows: your category; columns: the best opponent's; sums on the right and at the foot. */
function draw(result) {
  const names = Object.keys(result.labels);
  const table = document.getElementById("grid");
  const head = document.createElement("tr");
  head.append(document.createElement("th"), ...names.map((n) => Object.assign(document.createElement("th"), { textContent: result.labels[n] })));
  head.append(Object.assign(document.createElement("th"), { textContent: "you: total (win / tie / lose)", className: "sum" }));
  const rows = [head];
  const columns = names.map(() => 0);
  for (const own of names) {
    const tr = document.createElement("tr");
    tr.append(Object.assign(document.createElement("th"), { textContent: result.labels[own] }));
    let sum = { win: 0, tie: 0, lose: 0 };
    names.forEach((opp, j) => {
      const c = result.cells[own][opp];
      const total = c.win + c.tie + c.lose;
      columns[j] += total;
      for (const k in sum) sum[k] += c[k];
      const td = cell(total ? percent(total, 2) : "", `win ${percent(c.win, 2)}, tie ${percent(c.tie, 2)}, lose ${percent(c.lose, 2)}`);
      // Green where you mostly win, red where you mostly lose; brighter the likelier.
      const alpha = Math.min(0.85, Math.sqrt(total) * 1.6);
      td.style.background = total ? (c.win >= c.lose ? `rgba(47,191,113,${alpha})` : `rgba(229,83,75,${alpha})`) : "";
      tr.append(td);
    });
    const total = sum.win + sum.tie + sum.lose;
    tr.append(cell(total ? `${percent(total)} (${percent(sum.win)} / ${percent(sum.tie)} / ${percent(sum.lose)})` : "", "", "sum"));
    rows.push(tr);
  }
  const foot = document.createElement("tr");
  foot.append(Object.assign(document.createElement("th"), { textContent: "opponents", className: "sum" }));
  foot.append(...columns.map((c) => cell(c ? percent(c) : "", "", "sum")), cell("", "", "sum"));
  rows.push(foot);
  table.replaceChildren(...rows);
  const equity = document.getElementById("equity");
  equity.textContent = `win ${percent(result.win)} · tie ${percent(result.tie)}`;
  equity.dataset.win = result.win;
  const count = Math.round(result.showdowns).toLocaleString("en");
  setStatus(result.exact ? `exact · ${count} showdowns` : `Monte Carlo · ${count} trials · ±${percent(1.96 * result.stderr, 2)}`,
            result.exact ? "exact" : "done");
}

async function compute() {
  const seq = ++requestSeq;
  document.getElementById("error").textContent = "";
  if (state.hand.length !== 2 || ![0, 3, 4, 5].includes(state.board.length)) {
    setStatus(state.hand.length !== 2 ? "Pick your two cards" : "The board takes 3, 4 or 5 cards", "waiting");
    return;
  }
  setStatus("computing…", "computing");
  try {
    const result = await api("/api/grid", { hand: state.hand.join(""), board: state.board.join(""),
                                            opponents: Number(document.getElementById("opponents").value), seconds: 3 });
    if (seq === requestSeq) draw(result);
  } catch (error) {
    if (seq === requestSeq) { setStatus("", "error"); document.getElementById("error").textContent = error.message; }
  }
}

const picker = new DeckPicker(document.getElementById("deck"), pick);
document.getElementById("opponents").addEventListener("change", changed);
changed();
