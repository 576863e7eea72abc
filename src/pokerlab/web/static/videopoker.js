// Jacks or Better: deal, click cards to hold, draw, get paid. The session lives on the
// server (so the cards to come stay hidden); the advice shows the exact EV of all 32 holds.
import { api, cardImage, percent } from "/static/common.js";

const game = { paytables: [], lines: [], session: null, hand: null, held: new Set(), holds: null, result: null };
const $ = (id) => document.getElementById(id);

async function newSession() {
  game.session = await api("/api/videopoker/sessions", { paytable: $("paytable").value, coins: Number($("coins").value) });
  Object.assign(game, { hand: null, held: new Set(), holds: null, result: null });
  render();
}

async function deal() {
  const data = await api(`/api/videopoker/sessions/${game.session.id}/deal`, {});
  Object.assign(game, { hand: data.hand, held: new Set(), holds: null, result: null, session: data.session });
  render();
  if ($("advice").checked) await loadHolds();
}

async function draw() {
  const hold = [...game.held].sort();
  const data = await api(`/api/videopoker/sessions/${game.session.id}/draw`, { hold });
  Object.assign(game, { result: data.result, session: data.session });
  render();
}

async function loadHolds() {
  if (!game.hand || game.holds) return;
  game.holds = (await api(`/api/videopoker/sessions/${game.session.id}/holds`)).holds;
  render();
}

function toggle(position) {
  if (!game.hand || game.result) return;
  game.held.has(position) ? game.held.delete(position) : game.held.add(position);
  render();
}

const dealing = () => !game.hand || game.result; // the button deals (else it draws)

function renderPays() {
  const table = game.paytables.find((t) => t.name === game.session.paytable);
  const coins = game.session.coins;
  const hit = game.result ? game.result.final_hand : null;
  const head = `<tr><th></th>${[1, 2, 3, 4, 5].map((c) => `<th class="${c === coins ? "coins" : ""}">${c}</th>`).join("")}</tr>`;
  const rows = game.lines.map(({ name, label }) => {
    const pays = table.credits[name];
    return `<tr class="${name === hit ? "hit" : ""}"><td>${label}</td>${pays.map((p, i) => `<td class="${i + 1 === coins ? "coins" : ""}">${p}</td>`).join("")}</tr>`;
  });
  $("pays").innerHTML = head + rows.join("");
}

function renderHand() {
  const shown = game.result ? game.result.final.split(" ") : game.hand || [null, null, null, null, null];
  $("hand").replaceChildren(...shown.map((name, i) => {
    const position = i + 1;
    const box = document.createElement("div");
    box.className = "vp-card" + (game.held.has(position) ? " hold" : "");
    box.dataset.position = position;
    const face = document.createElement("span");
    face.className = "card";
    face.append(cardImage(name || "back"));
    const label = document.createElement("span");
    label.className = "held";
    label.textContent = "HELD";
    box.append(label, face);
    box.addEventListener("click", () => toggle(position));
    return box;
  }));
}

function renderOutcome() {
  const r = game.result;
  const message = $("message");
  message.dataset.paid = r ? r.paid : "";
  message.textContent = r ? (r.paid ? `${game.lines.find((l) => l.name === r.final_hand).label}! Paid ${r.paid}` : "No win")
                          : game.hand ? "Click the cards to hold, then draw" : "";
  $("grade").textContent = !r ? "" : r.optimal ? `Best hold: ${r.held.cards || "draw five"} (EV ${r.held.ev.toFixed(4)} per coin).`
    : `Best hold was ${r.best.cards || "draw five"} (EV ${r.best.ev.toFixed(4)}); yours (${r.held.cards || "draw five"}, EV ${r.held.ev.toFixed(4)}) gave up ${r.ev_lost.toFixed(2)} credits.`;
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

function renderHolds() {
  const show = $("advice").checked && game.holds;
  $("advice-panel").hidden = !show;
  if (!show) return;
  const mine = JSON.stringify([...game.held].sort());
  const coins = game.session.coins;
  $("holds").innerHTML = "<tr><th>hold</th><th>EV / coin</th><th>EV credits</th></tr>" + game.holds.map((h, i) =>
    `<tr class="${i === 0 ? "best" : ""} ${JSON.stringify(h.positions) === mine ? "mine" : ""}">` +
    `<td>${h.cards || "draw five"}</td><td>${h.ev.toFixed(4)}</td><td>${(h.ev * coins).toFixed(2)}</td></tr>`).join("");
}

function render() {
  renderPays();
  renderHand();
  renderOutcome();
  renderSession();
  renderHolds();
  $("deal").textContent = dealing() ? "Deal" : "Draw";
}

/** Run an action, showing a refusal instead of failing silently. */
async function attempt(action) {
  $("error").textContent = "";
  try { await action(); } catch (error) { $("error").textContent = error.message; }
}

$("deal").addEventListener("click", () => attempt(dealing() ? deal : draw));
$("advice").addEventListener("change", () => attempt(async () => { render(); await loadHolds(); }));
for (const id of ["paytable", "coins"]) $(id).addEventListener("change", () => attempt(newSession));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("select, input")) return;
  if (/^[1-5]$/.test(event.key)) toggle(Number(event.key));
  if (event.key === "Enter") { event.preventDefault(); $("deal").click(); }
});

attempt(async () => {
  const data = await api("/api/paytables");
  Object.assign(game, { paytables: data.paytables, lines: data.lines });
  $("paytable").replaceChildren(...data.paytables.map((t) => new Option(t.name, t.name)));
  await newSession();
});
