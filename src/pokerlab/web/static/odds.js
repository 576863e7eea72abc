// Hand odds, the TV display: seats with hole cards (or a range, or random), board and dead
// cards, and bars that update in place as the table changes. Exact answers come back at once;
// a Monte Carlo answer is refined by asking again with a longer time budget, shown with its ±.
// The spot lives in the page's address, so a link shares it.
import { addressParams, announce, api, busy, cardsIn, cardSlot, clearRefusal, debounced, DECK, DeckPicker, isCards,
         keepFocus, keepInAddress, Latest, percent, setStatus, showRefusal } from "/static/common.js";

const MAX_PLAYERS = 10, MAX_DEAD = 8;
const FIRST_SECONDS = 0.25, MAX_SECONDS = 5, GROWTH = 3;
const PRECISE = 0.001; // stop refining once every 95% interval is within ±0.1 points
const HOLDEM_HELP = "Ranges: QQ+ (queens or better), AKs (suited), AKo (offsuit), A2s+, JTs-54s, "
  + "76s:0.5 (a weight), 10% (the top tenth), random (any hand); commas between items.";
const OMAHA_HELP = "Omaha ranges: AA (two aces and any other cards, also AAxx or AA**), AKQJ (ranks, any suits), "
  + "AsKs** (cards with their suit), ds double suited, ss single suited, rainbow, :0.5 a weight, random any hand; "
  + "commas between items.";

// the games come from the server's catalog (/api/games), the first its default: the page lays
// out no seat before they do
const state = { players: [newPlayer(), newPlayer()], board: [], dead: [], target: { kind: "player", index: 0 },
                games: [], game: null };
let requestSeq = 0;
let restored = false; // the spot in the address is read before the page writes its own there
const inflight = new Latest();

function newPlayer() { return { cards: [], text: "" }; }

const playerName = (index) => `Player ${index + 1}`;
const isRange = (player) => player.text !== "" && player.text.toLowerCase() !== "random";
const isOmaha = (game) => game.hole > 2;

/** The cards of the game's deck, as the server lists them (hold'em's 52 before it answers). */
function deckOf(game) {
  return game.cards ? DECK.filter((card) => game.cards.includes(card)) : DECK;
}

/** What the API gets for a player: the hole cards, a range or "random"; null while incomplete. */
function spec(player) {
  if (player.cards.length === state.game.hole) return player.cards.join("");
  return player.cards.length === 0 && player.text.trim() ? player.text.trim() : null;
}

function usedCards() {
  return [...state.players.flatMap((p) => p.cards), ...state.board, ...state.dead];
}

function pick(name) {
  const t = state.target;
  if (t.kind === "player") {
    const player = state.players[t.index];
    if (player.cards.length >= state.game.hole) return;
    // A typed range is work: replacing it with cards needs a yes.
    if (isRange(player) && !confirm(`Replace ${playerName(t.index)}'s range "${player.text}" with cards?`)) return;
    player.text = "";
    player.cards.push(name);
    if (player.cards.length === state.game.hole) advance();
  } else if (t.kind === "board" && state.board.length < state.game.board) {
    state.board.push(name);
  } else if (t.kind === "dead" && state.dead.length < MAX_DEAD) {
    state.dead.push(name);
  }
  changed();
}

/** After a seat is settled (cards, a range or random), move on to the next seat still waiting
 *  for cards, else to the board. */
function advance() {
  const next = state.players.findIndex((p) => spec(p) === null);
  state.target = next >= 0 ? { kind: "player", index: next } : { kind: "board" };
}

/** The hint in a seat's box: the game's hand and range syntax. */
function placeholder(game) {
  if (!isOmaha(game)) return "AsKs, QQ+,AKs or random";
  return `${DECK.slice(0, game.hole).join("")}, AA, AKQJds or random`;
}

function seatElement(index) {
  const name = playerName(index);
  const seat = document.createElement("div");
  seat.className = "seat";
  seat.dataset.player = index;
  seat.setAttribute("role", "group");
  seat.setAttribute("aria-label", name);
  seat.innerHTML = `
    <div class="top"><span class="name">${name}</span><span class="leader-badge">★ leads</span>
      <button type="button" class="random" aria-label="${name}: random cards">random</button>
      <button type="button" class="remove" aria-label="Remove ${name.toLowerCase()}">✕</button></div>
    <div class="hand-row"><span class="hole slots"></span><span class="equity" data-equity=""></span></div>
    <input type="text" aria-label="${name}: cards or range" autocomplete="off" spellcheck="false"
           aria-describedby="seat-error-${index} range-help">
    <div class="field-error" id="seat-error-${index}" role="alert"></div>
    <div class="bar" aria-hidden="true"><div class="win"></div><div class="tie"></div></div>
    <div class="made"></div>
    <div class="figures"></div>`;
  seat.querySelector("input").placeholder = placeholder(state.game);
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
    // The seat is gone: the keyboard goes on from the seat now in its place.
    const next = document.querySelector(`.seat[data-player="${Math.min(index, state.players.length - 1)}"] .remove`);
    (next.disabled ? document.getElementById("add-player") : next).focus();
  });
  seat.querySelector("input").addEventListener("input", (event) => {
    const text = event.target.value;
    Object.assign(player(), isCards(text) ? { cards: cardsIn(text).slice(0, state.game.hole), text: "" } : { cards: [], text });
    // A seat settled by typing sends the deck on, as picking its last card does: the next card
    // picked is for the next seat or the board, never a question about replacing this range.
    const aimed = state.target.kind === "player" && state.target.index === index;
    if (aimed && spec(player()) !== null) advance();
    changed();
  });
  seat.addEventListener("click", (event) => {
    if (!event.target.closest("button, input")) { state.target = { kind: "player", index }; refresh(); }
  });
  return seat;
}

/** Rebuild the seats (after a player is added or removed, or the game changes), then refresh. */
function layout() {
  const seats = document.getElementById("seats");
  seats.replaceChildren(...state.players.map((_, i) => seatElement(i)));
  document.getElementById("range-help").textContent = isOmaha(state.game) ? OMAHA_HELP : HOLDEM_HELP;
  clearOdds();
  changed();
}

/** Card slots for one place (a seat, the board, the dead cards); a card's slot takes it back. */
function slots(container, cards, size, place, label) {
  const targeted = state.target.kind === place.kind && state.target.index === place.index;
  const items = cards.map((name, i) => cardSlot(name, { place: label, index: i, onClick: (event) => {
    event.stopPropagation();
    state.target = place;
    cards.splice(cards.indexOf(name), 1);
    changed();
  } }));
  for (let i = cards.length; i < size; i++) {
    items.push(cardSlot(null, { place: label, index: i, target: targeted && i === cards.length, onClick: (event) => {
      event.stopPropagation();
      state.target = place;
      refresh();
      picker.focus();
    } }));
  }
  container.replaceChildren(...items);
}

/** Show the table as it stands (cards, targets, picker); the odds come in later. */
function refresh() {
  keepFocus(() => {
    document.querySelectorAll(".seat").forEach((seat, i) => {
      const player = state.players[i];
      seat.classList.toggle("active", state.target.kind === "player" && state.target.index === i);
      const hole = seat.querySelector(".hole");
      slots(hole, player.cards, state.game.hole, { kind: "player", index: i }, playerName(i));
      hole.hidden = player.text !== "" && player.cards.length === 0; // a range has no cards to show
      const input = seat.querySelector("input");
      if (document.activeElement !== input) input.value = player.cards.length ? player.cards.join("") : player.text;
      seat.querySelector(".remove").disabled = state.players.length <= 2;
    });
    slots(document.getElementById("board"), state.board, state.game.board, { kind: "board" }, "Board");
    slots(document.getElementById("dead"), state.dead, Math.min(state.dead.length + 1, MAX_DEAD), { kind: "dead" }, "Dead cards");
  });
  for (const kind of ["board", "dead"]) {
    const input = document.getElementById(`${kind}-text`);
    if (document.activeElement !== input) input.value = state[kind].join("");
  }
  document.getElementById("add-player").disabled = state.players.length >= MAX_PLAYERS;
  const t = state.target;
  document.getElementById("picking").textContent =
    t.kind === "player" ? `Pick cards for ${playerName(t.index).toLowerCase()}` : t.kind === "board" ? "Pick the board" : "Pick dead cards";
  picker.used(usedCards());
}

/** The spot in the page's address: the game, each player (cards or range), the board, the dead cards. */
function keepSpot() {
  if (!restored) return;
  const params = new URLSearchParams();
  if (state.game !== state.games[0]) params.set("game", state.game.name);
  for (const player of state.players) params.append("p", player.cards.length ? player.cards.join("") : player.text);
  if (state.board.length) params.set("board", state.board.join(""));
  if (state.dead.length) params.set("dead", state.dead.join(""));
  keepInAddress(params);
}

/** The spot a link names, if any: read once the games are known (a player's cards depend on the game). */
function restoreSpot() {
  const params = addressParams();
  const game = state.games.find((g) => g.name === params.get("game"));
  if (game) {
    state.game = game;
    document.getElementById("game").value = game.name;
  }
  showGame();
  const players = params.getAll("p").slice(0, MAX_PLAYERS);
  if (players.length >= 2) {
    state.players = players.map((text) => (isCards(text) ? { cards: cardsIn(text).slice(0, state.game.hole), text: "" }
                                                         : { cards: [], text: text.trim() }));
  }
  state.board = cardsIn(params.get("board") || "").slice(0, state.game.board);
  state.dead = cardsIn(params.get("dead") || "").slice(0, MAX_DEAD);
  fitToDeck(); // a link may name cards its game's deck leaves out: taken off, and said so, as on a change of game
  restored = true;
  advance();
  layout();
}

const schedule = debounced(compute, 120);

/** The inputs changed: what is shown no longer matches them, so it dims until the new answer. */
function changed() {
  requestSeq++; // an answer still on its way is for the old inputs
  setStatus("computing…", "computing"); // the status line never vouches for an answer to old inputs
  refresh();
  keepSpot();
  busy(document.getElementById("seats"), true);
  schedule();
}

function clearOdds() {
  document.querySelectorAll(".seat").forEach((seat) => {
    seat.classList.remove("leader");
    seat.querySelector(".equity").textContent = "";
    seat.querySelector(".equity").dataset.equity = "";
    seat.querySelector(".figures").replaceChildren();
    seat.querySelector(".made").textContent = "";
    seat.querySelector(".win").style.width = seat.querySelector(".tie").style.width = "0";
  });
  busy(document.getElementById("seats"), false);
}

/**
 * A seat's figures in words. A split pot reads as shares of the pot (the high half and the low
 * half, which add up to the equity) and as shares of the runouts (the whole pot, part of it,
 * none: they add up to 100%), never one beside the other as if alike. Sampled from `sampled`
 * showdowns (0: exact), they say how far each may be off.
 */
function figures(p, sampled) {
  const shares = state.game.hilo ? [p.hi_equity, p.lo_equity, p.scoop, p.tie, p.lose] : [p.win, p.tie, p.lose];
  const lines = !state.game.hilo ? [`win ${percent(p.win)} · tie ${percent(p.tie)} · lose ${percent(p.lose)}`]
    : [`share of the pot: high ${percent(p.hi_equity)} + low ${percent(p.lo_equity)}`,
       `of runouts: scoops ${percent(p.scoop)} · part ${percent(p.tie)} · none ${percent(p.lose)}`];
  if (sampled) lines.push(`each within ±${percent(widest(shares, sampled), 2)} (Monte Carlo, 95%)`);
  return lines;
}

/** The widest 95% margin of shares sampled from `n` showdowns: a share of the pot lies between
 *  0 and 1, so its spread is at most p(1 - p), p counted as if one more showdown had it and one
 *  more had not (a share no showdown had is not sure to be 0). */
function widest(shares, n) {
  return Math.max(...shares.map((share) => {
    const q = (share * n + 1) / (n + 2);
    return 1.96 * Math.sqrt(q * (1 - q) / n);
  }));
}

function show(result, refining) {
  const best = Math.max(...result.players.map((p) => p.equity));
  document.querySelectorAll(".seat").forEach((seat, i) => {
    const p = result.players[i];
    const equity = seat.querySelector(".equity");
    equity.textContent = percent(p.equity);
    if (!result.exact) equity.append(Object.assign(document.createElement("span"), { className: "pm", textContent: `±${percent(1.96 * p.stderr, 2)}` }));
    equity.dataset.equity = p.equity;
    seat.classList.toggle("leader", p.equity === best);
    seat.querySelector(".made").textContent = p.made;
    seat.querySelector(".win").style.width = percent(p.win, 3);
    seat.querySelector(".tie").style.width = percent(p.tie, 3);
    seat.querySelector(".figures").replaceChildren(...figures(p, result.exact ? 0 : result.showdowns).map((text) =>
      Object.assign(document.createElement("div"), { textContent: text })));
  });
  busy(document.getElementById("seats"), false);
  const count = Math.round(result.showdowns).toLocaleString("en");
  const how = result.exact ? `exact · ${count} showdowns` : `Monte Carlo · ${count} trials · ± is a 95% interval`;
  setStatus(`${how} · ${result.elapsed.toFixed(2)} s${refining ? " · refining…" : ""}`,
            result.exact ? "exact" : refining ? "refining" : "done");
  if (!refining) {
    announce(result.players.map((p, i) => `${playerName(i)} ${percent(p.equity)}` +
                                          (result.exact ? "" : ` plus or minus ${percent(1.96 * p.stderr, 1)}`)).join(", ") +
             (result.exact ? ". Exact." : ". Monte Carlo estimate."));
  }
}

/** Where each field's refusal shows: in its seat, under the board, under the dead cards. */
function refusalPlaces() {
  const places = {};
  document.querySelectorAll(".seat").forEach((seat, i) => {
    places[`players[${i}]`] = { message: seat.querySelector(".field-error"), field: seat.querySelector("input"), box: seat };
  });
  for (const kind of ["board", "dead"]) {
    places[kind] = { message: document.getElementById(`${kind}-error`), field: document.getElementById(`${kind}-text`),
                     box: document.getElementById(`${kind}-panel`) };
  }
  return places;
}

async function compute() {
  const seq = ++requestSeq;
  const signal = inflight.next();
  clearRefusal(refusalPlaces());
  const players = state.players.map(spec);
  const waiting = players.indexOf(null);
  if (waiting >= 0 || ![0, 3, 4, 5].includes(state.board.length)) {
    clearOdds();
    setStatus(waiting >= 0 ? `${playerName(waiting)}: pick ${state.game.hole} cards, type a range, or choose random`
                           : "The board takes 3, 4 or 5 cards", "waiting");
    return;
  }
  const body = { players, board: state.board.join(""), dead: state.dead.join("") };
  body.game = state.game.name;
  setStatus("computing…", "computing");
  for (let seconds = FIRST_SECONDS; ; seconds *= GROWTH) {
    let result;
    try {
      result = await api("/api/equity", { ...body, seconds }, { signal });
    } catch (error) {
      if (seq === requestSeq) { clearOdds(); setStatus("", "error"); showRefusal(error, refusalPlaces()); }
      return;
    }
    if (seq !== requestSeq) return; // the table changed while this was computed
    const worst = Math.max(...result.players.map((p) => 1.96 * p.stderr));
    const more = !result.exact && worst > PRECISE && seconds * GROWTH <= MAX_SECONDS;
    show(result, more);
    if (!more) return;
  }
}

/** The cards in a list that a deck leaves out. */
const outside = (cards, deck) => cards.filter((c) => !deck.has(c));

/** A new game: seats keep the cards the new game still allows, up to its hole-card count. */
function setGame(name) {
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  fitToDeck();
  showGame();
  advance();
  layout();
}

/** The deck picker and the seats laid out for the game. */
function showGame() {
  picker.only(deckOf(state.game));
  document.getElementById("seats").dataset.hole = state.game.hole;
}

/** Take off the cards the game's deck leaves out (and a seat's beyond its hole-card count), and
 *  say which and where they were. */
function fitToDeck() {
  const deck = new Set(deckOf(state.game));
  const dropped = [];
  const keep = (cards, size, place) => {
    const gone = outside(cards, deck);
    if (gone.length) dropped.push(`${gone.join(" ")} from ${place}`);
    return cards.filter((c) => deck.has(c)).slice(0, size);
  };
  state.players.forEach((player, i) => { player.cards = keep(player.cards, state.game.hole, playerName(i)); });
  state.board = keep(state.board, state.game.board, "the board");
  state.dead = keep(state.dead, MAX_DEAD, "the dead cards");
  const notice = dropped.length
    ? `${state.game.title} deals ${state.game.deck} cards, so ${dropped.join(", ")} ${dropped.length > 1 ? "were" : "was"} taken off.` : "";
  document.getElementById("notice").textContent = notice;
}

async function loadGames() {
  const { games } = await api("/api/games");
  Object.assign(state, { games, game: games[0] });
  const select = document.getElementById("game");
  select.replaceChildren(...games.map((g) => new Option(g.title, g.name, false, g.name === state.game.name)));
  select.closest("label").hidden = false;
  select.addEventListener("change", () => setGame(select.value));
  restoreSpot();
}

const picker = new DeckPicker(document.getElementById("deck"), pick);
for (const [kind, size] of [["board", () => state.game.board], ["dead", () => MAX_DEAD]]) {
  document.getElementById(`${kind}-text`).addEventListener("input", (event) => {
    state[kind] = cardsIn(event.target.value).slice(0, size());
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
  document.getElementById("notice").textContent = "";
  layout();
});
loadGames();
