// Hand odds, the TV display: seats with hole cards (or a range, or random), board and dead
// cards, and bars that update as the table changes. Exact answers come back at once; a
// Monte Carlo answer is refined by asking again with a longer time budget, shown with its ±.
import { api, cardSlot, cardsIn, debounced, DeckPicker, isCards, percent, setStatus } from "/static/common.js";

const MAX_PLAYERS = 10, BOARD_SIZE = 5, MAX_DEAD = 8;
const FIRST_SECONDS = 0.25, MAX_SECONDS = 5, GROWTH = 3;
const PRECISE = 0.001; // stop refining once every 95% interval is within ±0.1 points

const state = { players: [newPlayer(), newPlayer()], board: [], dead: [], target: { kind: "player", index: 0 } };
let requestSeq = 0;

function newPlayer() { return { cards: [], text: "" }; }

/** What the API gets for a player: two cards, a range or "random"; null while incomplete. */
function spec(player) {
  if (player.cards.length === 2) return player.cards.join("");
  return player.cards.length === 0 && player.text.trim() ? player.text.trim() : null;
}

function usedCards() {
  return [...state.players.flatMap((p) => p.cards), ...state.board, ...state.dead];
}

function pick(name) {
  const t = state.target;
  if (t.kind === "player") {
    const player = state.players[t.index];
    if (player.cards.length >= 2) return;
    player.text = "";
    player.cards.push(name);
    if (player.cards.length === 2) advance();
  } else if (t.kind === "board" && state.board.length < BOARD_SIZE) {
    state.board.push(name);
  } else if (t.kind === "dead" && state.dead.length < MAX_DEAD) {
    state.dead.push(name);
  }
  changed();
}

/** After a seat fills, move on to the next seat still waiting for cards, else to the board. */
function advance() {
  const next = state.players.findIndex((p) => spec(p) === null);
  state.target = next >= 0 ? { kind: "player", index: next } : { kind: "board" };
}

function remove(list, name) { list.splice(list.indexOf(name), 1); }

function seatElement(index) {
  const seat = document.createElement("div");
  seat.className = "seat";
  seat.dataset.player = index;
  seat.innerHTML = `
    <div class="top"><span class="name">Player ${index + 1}</span>
      <span><button type="button" class="random" title="Any two cards">random</button>
      <button type="button" class="remove" title="Remove this player">&times;</button></span></div>
    <div class="slots"><span class="hole"></span>
      <input type="text" placeholder="AsKs, QQ+,AKs or random" aria-label="Player ${index + 1} cards or range"></div>
    <div class="made"></div>
    <div class="equity" data-equity=""></div>
    <div class="bar"><div class="win" style="width:0"></div><div class="tie" style="width:0"></div></div>
    <div class="figures"></div>`;
  const player = () => state.players[index];
  seat.querySelector(".random").addEventListener("click", () => {
    Object.assign(player(), { cards: [], text: "random" });
    advance();
    changed();
  });
  seat.querySelector(".remove").addEventListener("click", () => {
    state.players.splice(index, 1);
    state.target = { kind: "player", index: 0 };
    layout();
  });
  seat.querySelector("input").addEventListener("input", (event) => {
    const text = event.target.value;
    Object.assign(player(), isCards(text) ? { cards: cardsIn(text).slice(0, 2), text: "" } : { cards: [], text });
    changed();
  });
  seat.addEventListener("click", (event) => {
    if (!event.target.closest("button")) { state.target = { kind: "player", index }; refresh(); }
  });
  return seat;
}

/** Rebuild the seats (after a player is added or removed), then refresh everything. */
function layout() {
  const seats = document.getElementById("seats");
  seats.replaceChildren(...state.players.map((_, i) => seatElement(i)));
  changed();
}

/** Card slots for one place (a seat, the board, the dead cards); clicking a card takes it back. */
function slots(container, cards, size, place) {
  const aim = (event) => { event.stopPropagation(); state.target = place; };
  const items = cards.map((name) => cardSlot(name, (event) => { aim(event); remove(cards, name); changed(); }));
  for (let i = cards.length; i < size; i++) items.push(cardSlot(null, (event) => { aim(event); refresh(); }));
  const targeted = state.target.kind === place.kind && state.target.index === place.index;
  if (targeted && cards.length < size) items[cards.length].classList.add("target");
  container.replaceChildren(...items);
}

/** Show the table as it stands (cards, targets, picker); the odds come in later. */
function refresh() {
  document.querySelectorAll(".seat").forEach((seat, i) => {
    const player = state.players[i];
    seat.classList.toggle("active", state.target.kind === "player" && state.target.index === i);
    slots(seat.querySelector(".hole"), player.cards, 2, { kind: "player", index: i });
    seat.querySelector(".hole").hidden = player.text !== "" && player.cards.length === 0; // a range has no cards to show
    const input = seat.querySelector("input");
    if (document.activeElement !== input) input.value = player.cards.length ? player.cards.join("") : player.text;
    seat.querySelector(".remove").disabled = state.players.length <= 2;
  });
  slots(document.getElementById("board"), state.board, BOARD_SIZE, { kind: "board" });
  slots(document.getElementById("dead"), state.dead, Math.min(state.dead.length + 1, MAX_DEAD), { kind: "dead" });
  for (const kind of ["board", "dead"]) {
    const input = document.getElementById(`${kind}-text`);
    if (document.activeElement !== input) input.value = state[kind].join("");
  }
  document.getElementById("add-player").disabled = state.players.length >= MAX_PLAYERS;
  const t = state.target;
  document.getElementById("picking").textContent =
    t.kind === "player" ? `Pick cards for player ${t.index + 1}` : t.kind === "board" ? "Pick the board" : "Pick dead cards";
  picker.used(usedCards());
}

const schedule = debounced(compute, 120);

function changed() {
  refresh();
  schedule();
}

function clearOdds() {
  document.querySelectorAll(".seat").forEach((seat) => {
    seat.querySelector(".equity").textContent = "";
    seat.querySelector(".equity").dataset.equity = "";
    seat.querySelector(".figures").textContent = "";
    seat.querySelector(".made").textContent = "";
    seat.querySelector(".win").style.width = seat.querySelector(".tie").style.width = "0";
  });
}

function show(result, refining) {
  document.querySelectorAll(".seat").forEach((seat, i) => {
    const p = result.players[i];
    const margin = result.exact ? "" : `<span class="pm">±${percent(1.96 * p.stderr, 2)}</span>`;
    const equity = seat.querySelector(".equity");
    equity.innerHTML = percent(p.equity) + margin;
    equity.dataset.equity = p.equity;
    seat.querySelector(".made").textContent = p.made;
    seat.querySelector(".win").style.width = percent(p.win, 3);
    seat.querySelector(".tie").style.width = percent(p.tie, 3);
    seat.querySelector(".figures").textContent = `win ${percent(p.win)} · tie ${percent(p.tie)} · lose ${percent(p.lose)}`;
  });
  const count = Math.round(result.showdowns).toLocaleString("en");
  const how = result.exact ? `exact · ${count} showdowns` : `Monte Carlo · ${count} trials`;
  setStatus(`${how} · ${result.elapsed.toFixed(2)} s${refining ? " · refining…" : ""}`,
            result.exact ? "exact" : refining ? "refining" : "done");
}

async function compute() {
  const seq = ++requestSeq;
  document.getElementById("error").textContent = "";
  const players = state.players.map(spec);
  const waiting = players.indexOf(null);
  if (waiting >= 0 || ![0, 3, 4, 5].includes(state.board.length)) {
    clearOdds();
    setStatus(waiting >= 0 ? `Player ${waiting + 1}: pick two cards, type a range, or choose random`
                           : "The board takes 3, 4 or 5 cards", "waiting");
    return;
  }
  const body = { players, board: state.board.join(""), dead: state.dead.join("") };
  setStatus("computing…", "computing");
  for (let seconds = FIRST_SECONDS; ; seconds *= GROWTH) {
    let result;
    try {
      result = await api("/api/equity", { ...body, seconds });
    } catch (error) {
      if (seq === requestSeq) { clearOdds(); setStatus("", "error"); document.getElementById("error").textContent = error.message; }
      return;
    }
    if (seq !== requestSeq) return; // the table changed while this was computed
    const worst = Math.max(...result.players.map((p) => 1.96 * p.stderr));
    const more = !result.exact && worst > PRECISE && seconds * GROWTH <= MAX_SECONDS;
    show(result, more);
    if (!more) return;
  }
}

const picker = new DeckPicker(document.getElementById("deck"), pick);
for (const [kind, size] of [["board", BOARD_SIZE], ["dead", MAX_DEAD]]) {
  document.getElementById(`${kind}-text`).addEventListener("input", (event) => {
    state[kind] = cardsIn(event.target.value).slice(0, size);
    state.target = { kind };
    changed();
  });
}
document.getElementById("add-player").addEventListener("click", () => {
  state.players.push(newPlayer());
  state.target = { kind: "player", index: state.players.length - 1 };
  layout();
});
document.getElementById("clear").addEventListener("click", () => {
  Object.assign(state, { players: [newPlayer(), newPlayer()], board: [], dead: [], target: { kind: "player", index: 0 } });
  layout();
});
layout();
