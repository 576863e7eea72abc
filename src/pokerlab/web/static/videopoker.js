// Video poker: deal, hold cards, draw, get paid, and see each hold graded against the best.
// The session lives on the server (so the cards to come stay hidden); the advice shows the
// exact EV of all 32 holds, the strategy chart the hold patterns to learn.
import { announce, api, cardImage, cardWords, keepFocus, percent, served, showError } from "/static/common.js";

const game = { paytables: [], session: null, hand: null, held: new Set(), holds: null, result: null,
               mistakes: null, servesMistakes: false, notice: "" };
const $ = (id) => document.getElementById(id);
const HAND_SIZE = 5;
const STRATEGY_POLL_MS = 1500;

/** The lines a table pays (name, label, credits at 1..5 coins). */
function linesOf(table) {
  return table.lines.filter((line) => line.credits.some((c) => c > 0));
}

const currentTable = () => game.paytables.find((t) => t.name === game.session.paytable);
const sessionPath = (action) => `/api/videopoker/sessions/${game.session.id}/${action}`;

async function newSession() {
  game.session = await api("/api/videopoker/sessions", { paytable: $("paytable").value, coins: Number($("coins").value) });
  Object.assign(game, { hand: null, held: new Set(), holds: null, result: null, mistakes: null });
  render();
  if ($("strategy-toggle").checked) await loadStrategy();
}

/**
 * Run a session call; if the server no longer knows the session (expired, or a restarted
 * server), start a new one and say so rather than repeating the error on every click.
 */
async function inSession(call) {
  try {
    return await call();
  } catch (error) {
    if (error.status !== 404 || !error.about("session")) throw error;
    await newSession();
    game.notice = `Your session had expired, so a new one started with ${game.session.credits.toLocaleString("en")} credits.`;
    return null;
  }
}

async function deal() {
  const data = await inSession(() => api(sessionPath("deal"), {}));
  if (data === null) return render();
  Object.assign(game, { hand: data.hand, held: new Set(), holds: null, result: null, session: data.session });
  render();
  announce(`Dealt ${data.hand.map(cardWords).join(", ")}.`);
  if ($("advice").checked) await loadHolds();
}

async function draw() {
  const hold = [...game.held].sort();
  const data = await inSession(() => api(sessionPath("draw"), { hold }));
  if (data === null) return render();
  Object.assign(game, { result: data.result, session: data.session });
  render();
  announce(verdictWords(data.result));
  await loadMistakes();
}

async function loadHolds() {
  if (!game.hand || game.holds) return;
  const data = await inSession(() => api(sessionPath("holds")));
  if (data !== null) game.holds = data.holds;
  render();
}

async function loadMistakes() {
  if (!game.servesMistakes || game.session.mistakes === 0) return;
  game.mistakes = (await api(sessionPath("mistakes"))).mistakes;
  renderMistakes();
}

async function loadStrategy() {
  $("strategy-panel").hidden = !$("strategy-toggle").checked;
  if ($("strategy-panel").hidden) return;
  const name = game.session.paytable;
  $("strategy-title").textContent = `Strategy chart: ${tableTitle(currentTable())}`;
  $("strategy-return").textContent = "Working out the chart (the first time for a game takes a while)…";
  $("strategy").replaceChildren();
  let chart;
  // The server answers "pending" while it works a chart out the first time: ask again shortly.
  for (;;) {
    chart = await api(`/api/videopoker/strategy?paytable=${encodeURIComponent(name)}&coins=${game.session.coins}`);
    if (game.session.paytable !== name || $("strategy-panel").hidden) return;
    if (!chart.pending) break;
    await new Promise((resolve) => setTimeout(resolve, STRATEGY_POLL_MS));
  }
  $("strategy-return").textContent = `Hold the first line that matches. Returns ${percent(chart.expected_return, 2)}` +
    ` (perfect play ${percent(chart.optimal_return, 2)}).`;
  $("strategy").replaceChildren(...chart.lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
}

function toggle(position) {
  if (!game.hand || game.result) return;
  game.held.has(position) ? game.held.delete(position) : game.held.add(position);
  render();
}

const dealing = () => !game.hand || game.result; // the button deals (else it draws)
const tableTitle = (table) => table.game;
const holdText = (hold) => hold.cards || "nothing (draw five)";

function renderPays() {
  const table = currentTable();
  const coins = game.session.coins;
  const hit = game.result ? game.result.final_hand : null;
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { textContent: "Hand", scope: "col" }),
    ...[1, 2, 3, 4, 5].map((c) => Object.assign(document.createElement("th"),
      { textContent: `${c} coin${c > 1 ? "s" : ""}`, scope: "col", className: c === coins ? "coins" : "" })));
  const rows = linesOf(table).map(({ name, label, credits }) => {
    const tr = document.createElement("tr");
    tr.className = name === hit ? "hit" : "";
    tr.append(Object.assign(document.createElement("td"), { textContent: label }),
      ...credits.map((p, i) => Object.assign(document.createElement("td"), { textContent: p, className: i + 1 === coins ? "coins" : "" })));
    return tr;
  });
  const caption = Object.assign(document.createElement("caption"), { className: "visually-hidden", textContent: `${tableTitle(table)} pays, in credits` });
  $("pays").replaceChildren(caption, head, ...rows);
}

function renderHand() {
  const shown = game.result ? game.result.final.split(" ") : game.hand || Array(HAND_SIZE).fill(null);
  const playable = game.hand && !game.result;
  keepFocus(() => $("hand").replaceChildren(...shown.map((name, i) => {
    const position = i + 1;
    const held = game.held.has(position);
    const box = document.createElement("button");
    box.type = "button";
    box.className = "vp-card";
    box.dataset.position = position;
    box.dataset.card = name || "";
    box.dataset.key = `card ${position}`;
    box.setAttribute("aria-pressed", String(held));
    box.setAttribute("aria-disabled", String(!playable));
    box.setAttribute("aria-label", name ? `Hold card ${position}, ${cardWords(name)}` : `Card ${position}, not dealt`);
    const face = document.createElement("span");
    face.className = "card";
    face.append(cardImage(name || "back"));
    const label = Object.assign(document.createElement("span"), { className: "held", textContent: "HELD" });
    label.setAttribute("aria-hidden", "true");
    box.append(label, face);
    box.addEventListener("click", () => toggle(position));
    return box;
  })));
}

const lineLabel = (name) => linesOf(currentTable()).find((l) => l.name === name)?.label ?? name;

function verdictWords(r) {
  const paid = r.paid ? `${lineLabel(r.final_hand)}, paid ${r.paid}.` : "No win.";
  return r.optimal ? `${paid} Best hold: ${holdText(r.held)}.`
    : `${paid} Mistake: the best hold was ${holdText(r.best)}; yours gave up ${r.ev_lost.toFixed(2)} credits.`;
}

function renderOutcome() {
  const r = game.result;
  const message = $("message");
  message.dataset.paid = r ? r.paid : "";
  message.textContent = game.notice || (r ? (r.paid ? `${lineLabel(r.final_hand)}! Paid ${r.paid}` : "No win")
    : game.hand ? "Choose the cards to hold, then draw" : "");
  game.notice = "";
  const verdict = $("verdict");
  verdict.hidden = !r;
  if (!r) return;
  // The graded hand stays in view: the five dealt cards, the ones held marked.
  const kept = new Set(r.held.positions ?? []);
  const graded = document.createElement("span");
  graded.className = "graded";
  graded.setAttribute("aria-label", `Dealt: ${r.dealt.split(" ").map(cardWords).join(", ")}`);
  graded.setAttribute("role", "img");
  graded.append(...r.dealt.split(" ").map((name, i) => {
    const card = Object.assign(document.createElement("span"), { className: "card" + (kept.has(i + 1) ? " kept" : "") });
    card.append(cardImage(name));
    return card;
  }));
  const icon = Object.assign(document.createElement("span"), { className: "icon", textContent: r.optimal ? "✔" : "✘" });
  icon.setAttribute("aria-hidden", "true");
  const text = document.createElement("span");
  text.innerHTML = r.optimal
    ? `<strong>Best hold.</strong> You held ${holdText(r.held)} (EV ${r.held.ev.toFixed(4)} a coin).`
    : `<strong>Mistake.</strong> Best: ${holdText(r.best)} (EV ${r.best.ev.toFixed(4)}); yours: ${holdText(r.held)}` +
      ` (EV ${r.held.ev.toFixed(4)}): ${r.ev_lost.toFixed(2)} credits lost.`;
  verdict.className = `verdict ${r.optimal ? "good" : "bad"}`;
  verdict.dataset.optimal = r.optimal;
  verdict.replaceChildren(icon, text, graded);
}

function renderSession() {
  const s = game.session;
  $("credits").textContent = s.credits.toLocaleString("en");
  $("credits").dataset.value = s.credits;
  $("hands").textContent = s.hands;
  $("return").textContent = s.bet ? percent(s.return) : "–";
  $("ev-lost").textContent = `${s.ev_lost.toFixed(2)} credits`;
  $("mistakes").textContent = s.hands ? `${s.mistakes} (${percent(s.error_rate, 0)})` : "0";
}

function renderMistakes() {
  $("mistakes-panel").hidden = !game.mistakes?.length;
  if (!game.mistakes) return;
  $("mistake-log").replaceChildren(...game.mistakes.map((m) => Object.assign(document.createElement("li"), {
    textContent: `${m.dealt}: held ${holdText(m.held)}, best ${holdText(m.best)}, ${m.ev_lost.toFixed(2)} credits lost`,
  })));
}

function renderHolds() {
  const show = $("advice").checked && game.holds;
  $("advice-panel").hidden = !show;
  if (!show) return;
  const mine = JSON.stringify([...game.held].sort());
  const coins = game.session.coins;
  const head = document.createElement("tr");
  head.append(...["hold", "EV / coin", "EV credits"].map((t) => Object.assign(document.createElement("th"), { textContent: t, scope: "col" })));
  $("holds").replaceChildren(head, ...game.holds.map((h, i) => {
    const tr = document.createElement("tr");
    tr.className = `${i === 0 ? "best" : ""} ${JSON.stringify(h.positions) === mine ? "mine" : ""}`;
    tr.append(...[holdText(h), h.ev.toFixed(4), (h.ev * coins).toFixed(2)].map((t) => Object.assign(document.createElement("td"), { textContent: t })));
    return tr;
  }));
}

function render() {
  renderPays();
  renderHand();
  renderOutcome();
  renderSession();
  renderHolds();
  renderMistakes();
  $("deal").textContent = dealing() ? "Deal" : "Draw";
}

/** Run an action, showing a refusal instead of failing silently. */
async function attempt(action) {
  showError("");
  try { await action(); } catch (error) { showError(error.message); }
}

$("deal").addEventListener("click", () => attempt(dealing() ? deal : draw));
$("advice").addEventListener("change", () => attempt(async () => { render(); await loadHolds(); }));
$("strategy-toggle").addEventListener("change", () => attempt(loadStrategy));
for (const id of ["paytable", "coins"]) $(id).addEventListener("change", () => attempt(newSession));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("select, input, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
  if (/^[1-5]$/.test(event.key)) toggle(Number(event.key));
  // Enter on a focused control is that control's; elsewhere it deals and draws.
  if (event.key === "Enter" && !event.target.closest("button, a")) { event.preventDefault(); $("deal").click(); }
});

async function offerExtras() {
  $("strategy-toggle").closest("label").hidden = !(await served("/api/videopoker/strategy"));
  game.servesMistakes = await served("/api/videopoker/sessions/{session_id}/mistakes");
}

attempt(async () => {
  const data = await api("/api/paytables");
  game.paytables = data.paytables;
  $("paytable").replaceChildren(...data.paytables.map((t) => new Option(`${tableTitle(t)} (${t.name})`, t.name)));
  await newSession();
  await offerExtras();
});
