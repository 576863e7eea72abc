// Video poker: deal, hold cards, draw, get paid, and see each hold graded against the best.
// The session lives on the server (so the cards to come stay hidden); the advice shows the
// exact EV of all 32 holds, the strategy chart the hold patterns to learn.
import { announce, api, cardImage, cardWords, clearRefusal, keepFocus, percent, served, showRefusal } from "/static/common.js";

const game = { paytables: [], session: null, hand: null, held: new Set(), holds: null, result: null,
               mistakes: null, servesMistakes: false, notice: "", waiting: false,
               settled: Promise.resolve() };
const $ = (id) => document.getElementById(id);
const HAND_SIZE = 5;
const STRATEGY_POLL_MS = 1500;
const SESSION_KEY = "pokerlab.videopoker.session"; // the tab's session, so a reload picks it up again

/** The lines a table pays (name, label, credits at 1..5 coins). */
function linesOf(table) {
  return table.lines.filter((line) => line.credits.some((c) => c > 0));
}

const currentTable = () => game.paytables.find((t) => t.name === game.session.paytable);
const sessionPath = (action) => `/api/videopoker/sessions/${game.session.id}/${action}`;

/** Start a session at the chosen game and bet, with `credits` (the server's default if none). */
async function newSession(credits) {
  const body = { paytable: $("paytable").value, coins: Number($("coins").value) };
  setSession(await api("/api/videopoker/sessions", credits === undefined ? body : { ...body, credits: Math.max(0, credits) }));
  Object.assign(game, { hand: null, held: new Set(), holds: null, result: null, mistakes: null });
  render();
  if ($("strategy-toggle").checked) await loadStrategy();
}

function setSession(session) {
  game.session = session;
  sessionStorage.setItem(SESSION_KEY, session.id);
}

/** The session this tab played before a reload, with its hand if one waits for the draw; false
 *  if the server no longer has it. */
async function resumeSession() {
  const id = sessionStorage.getItem(SESSION_KEY);
  if (!id || !(await served("/api/videopoker/sessions/{session_id}"))) return false;
  let data;
  try {
    data = await api(`/api/videopoker/sessions/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error.status === 404) return false;
    throw error;
  }
  setSession(data.session);
  $("paytable").value = data.session.paytable;
  $("coins").value = String(data.session.coins);
  Object.assign(game, { hand: data.hand, held: new Set(), holds: null, result: null, mistakes: null });
  render();
  if (game.hand && $("advice").checked) await loadHolds();
  return true;
}

/**
 * The game or the bet changed: a new session, the credits carried over. Asks first when the
 * change would give something up (a hand waiting for its draw, the statistics of hands played),
 * and puts the choice back on a no.
 */
async function changeGame() {
  // a deal or draw in flight (its mistakes panel included) settles first, on the session it
  // was made on; the change then goes on from what it left, as if made a moment later
  while (game.waiting) await game.settled;
  const s = game.session;
  const midHand = game.hand && !game.result;
  if (midHand || s.hands > 0) {
    const choice = `${$("paytable").selectedOptions[0].textContent} at ${$("coins").value} coin${$("coins").value === "1" ? "" : "s"}`;
    const lost = [midHand ? `the hand dealt is not drawn to, and its bet of ${s.coins} is given up` : "",
                  s.hands > 0 ? `the statistics of your ${s.hands} hand${s.hands === 1 ? "" : "s"} start again` : ""]
      .filter(Boolean).join(", and ");
    if (!confirm(`Switch to ${choice}? Your ${s.credits.toLocaleString("en")} credits carry over; ${lost}.`)) {
      $("paytable").value = s.paytable;
      $("coins").value = String(s.coins);
      return;
    }
  }
  await holdingDeal(() => newSession(s.credits));
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
    await newSession(game.session.credits);
    game.notice = `Your session had expired, so a new one started with your ${game.session.credits.toLocaleString("en")} credits.`;
    return null;
  }
}

async function deal() {
  const data = await inSession(() => api(sessionPath("deal"), {}));
  if (data === null) return render();
  setSession(data.session);
  Object.assign(game, { hand: data.hand, held: new Set(), holds: null, result: null });
  render();
  announce(`Dealt ${data.hand.map(cardWords).join(", ")}.`);
  if ($("advice").checked) await loadHolds();
}

async function draw() {
  const hold = [...game.held].sort();
  const data = await inSession(() => api(sessionPath("draw"), { hold }));
  if (data === null) return render();
  setSession(data.session);
  game.result = data.result;
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
  if (!game.hand || game.result || game.waiting) return;
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
  $("deal").setAttribute("aria-disabled", String(game.waiting));
}

/** Where a refusal shows: under the game and bet it is about, else under the Deal button that
 *  asked (the cards and the button stay in view with it). */
function refusalPlaces() {
  return Object.fromEntries(["paytable", "coins"].map((name) => [name, { message: $(`${name}-error`), field: $(name) }]));
}

/** Run an action, showing a refusal instead of failing silently. */
async function attempt(action) {
  clearRefusal(refusalPlaces());
  try { await action(); } catch (error) { showRefusal(error, refusalPlaces()); }
}

/** Run `action` with the Deal button disabled (though it keeps the focus) until it ends: a click
 *  meanwhile neither sends a second deal or draw nor deals on a session being replaced. */
async function holdingDeal(action) {
  if (game.waiting) return;
  game.waiting = true;
  let settle;
  game.settled = new Promise((resolve) => { settle = resolve; });
  $("deal").setAttribute("aria-disabled", "true");
  try {
    await action();
  } finally {
    game.waiting = false;
    $("deal").setAttribute("aria-disabled", "false");
    settle();
  }
}

/** Deal or draw, once, even on a double click or a held Enter. */
const dealOrDraw = () => holdingDeal(() => attempt(dealing() ? deal : draw));

$("deal").addEventListener("click", dealOrDraw);
$("advice").addEventListener("change", () => attempt(async () => { render(); await loadHolds(); }));
$("strategy-toggle").addEventListener("change", () => attempt(loadStrategy));
for (const id of ["paytable", "coins"]) $(id).addEventListener("change", () => attempt(changeGame));
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
  if (!(await resumeSession())) await newSession();
  await offerExtras();
});
