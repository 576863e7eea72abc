// Shared by every page: card names and images, card slots, the deck picker, the API call,
// the status line and the live region, and the header.

const RANKS = "AKQJT98765432";
const SUITS = "shdc";
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
                     6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const SUIT_WORDS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/** The 52 cards in picker order: one row per suit, aces first, as players scan a deck. */
export const DECK = [...SUITS].flatMap((suit) => [...RANKS].map((rank) => rank + suit));

const CARD_TEXT = /(10|[2-9tjqka])\s*([cdhs♣♦♥♠])/gi;
const SUIT_LETTERS = { "♣": "c", "♦": "d", "♥": "h", "♠": "s" };

/** The card names in a piece of text ("AsKd", "as kd", "10h", "A♠"), normalised to "As", "Th". */
export function cardsIn(text) {
  return [...text.matchAll(CARD_TEXT)].map(([, r, s]) =>
    (r === "10" ? "T" : r.toUpperCase()) + (SUIT_LETTERS[s] || s.toLowerCase()));
}

/** Whether the text is exactly some cards (and not a range such as "AKs"). */
export function isCards(text) {
  return text.replace(CARD_TEXT, "").replace(/[\s,]/g, "") === "" && cardsIn(text).length > 0;
}

/** A card's name in words, for screen readers: "As" -> "ace of spades". */
export function cardWords(name) {
  if (name === "back") return "face down card";
  return name === "Jk" ? "joker" : `${RANK_WORDS[name[0]]} of ${SUIT_WORDS[name[1]]}`;
}

// The four-colour deck (clubs green, diamonds blue) is a choice kept in the browser; switching
// it redraws the faces in place, so nothing entered on the page is lost.
const FOUR_COLOR_KEY = "pokerlab.fourColor";
let fourColor = localStorage.getItem(FOUR_COLOR_KEY) === "1";

const faceSource = (name) => `/cards/${name}.svg${fourColor ? "?four_color=true" : ""}`;

/** A card face; decorative (alt="") because the control around it carries the name. */
export function cardImage(name) {
  const img = document.createElement("img");
  img.src = faceSource(name);
  img.alt = "";
  img.dataset.face = name;
  img.draggable = false;
  // A face the server cannot draw still shows which card it is.
  img.addEventListener("error", () => img.replaceWith(Object.assign(document.createElement("span"),
    { className: "face-text", textContent: name })), { once: true });
  return img;
}

function setFourColor(on) {
  fourColor = on;
  localStorage.setItem(FOUR_COLOR_KEY, on ? "1" : "0");
  for (const img of document.querySelectorAll("img[data-face]")) img.src = faceSource(img.dataset.face);
}

/**
 * A card slot as a button: a filled one takes its card back, an empty one aims the picker at it.
 * `key` names the slot for keepFocus; `place` ("Player 1", "Board") goes into its name.
 */
export function cardSlot(name, { place, index, onClick, target = false }) {
  const slot = document.createElement("button");
  slot.type = "button";
  slot.className = "card slot" + (name ? " filled" : "") + (target ? " target" : "");
  slot.dataset.card = name || "";
  slot.dataset.key = `${place} ${index}`;
  if (name) slot.append(cardImage(name));
  slot.setAttribute("aria-label", name ? `Remove ${cardWords(name)} from ${place}`
                                       : `${place}, card ${index + 1}: empty${target ? ", picking now" : ", pick here"}`);
  slot.addEventListener("click", onClick);
  return slot;
}

/** Re-render with `render()`, then give focus back to the element with the same data-key. */
export function keepFocus(render) {
  const key = document.activeElement?.dataset?.key;
  render();
  if (key === undefined || document.activeElement?.dataset?.key === key) return;
  const same = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (same) same.focus();
}

/** A refusal from the API, in the page's words: `detail` to show, `errors` field by field. */
export class ApiError extends Error {
  constructor(status, detail, errors) {
    super(detail);
    this.status = status;
    this.errors = errors;
  }

  /** Whether the refusal is about `field` (the API's path, such as "session" or "players[1]"). */
  about(field) {
    return this.errors.some((e) => e.field === field);
  }
}

// The page names itself to the server, which stops a page's older request of a kind when a newer
// one comes (its answer would be thrown away): the server's time goes to what is on the page.
const PAGE_ID = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * POST JSON (or GET when body is undefined); a refusal throws an ApiError. `signal` aborts the
 * request (an AbortError is thrown, which callers that moved on ignore).
 */
export async function api(path, body, { signal } = {}) {
  let response;
  const headers = { "X-Pokerlab-Page": PAGE_ID };
  try {
    response = await fetch(path, body === undefined ? { headers, signal } : {
      method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, "The server cannot be reached: is pokerlab serve still running?", []);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.detail || `${response.status} ${response.statusText}`, data.errors || []);
  return data;
}

/** One request at a time of a kind: starting the next aborts the one before (its answer is stale). */
export class Latest {
  constructor() { this.controller = null; }

  /** The signal for a new request, the previous one aborted. */
  next() {
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }
}

// ---- A spot in the address: the page's inputs are kept in its query string, so a link shares
// the spot and going back to the page finds it as it was. replaceState, not pushState: typing a
// card is not a step to go back through.

/** The inputs in the page's address. */
export const addressParams = () => new URLSearchParams(location.search);

/** Keep `params` (a URLSearchParams) as the page's address. */
export function keepInAddress(params) {
  const query = params.toString();
  history.replaceState(history.state, "", query ? `${location.pathname}?${query}` : location.pathname);
}

// ---- Colours with readable text. A background is mixed between two colours; its text is
// black or white, whichever contrasts more with it by WCAG's formula. One of the two always
// reaches 4.58:1, so every shade passes AA (4.5:1); a gradient under one fixed text colour does
// not (text straddling its two colours is where that fails).

/** The colour a share `f` (0..1) of the way from rgb `from` to rgb `to`. */
export const mix = (from, to, f) => from.map((c, i) => Math.round(c + (to[i] - c) * Math.min(1, Math.max(0, f))));

function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Black or white, whichever reads better on the background. */
export function inkOn(rgb) {
  const l = luminance(rgb);
  return contrast(l, 1) >= contrast(l, 0) ? "#fff" : "#000";
}

/** Paint an element's background `rgb` with the text colour that reads on it. */
export function paintCell(element, rgb) {
  element.style.backgroundColor = `rgb(${rgb.join(", ")})`;
  element.style.color = inkOn(rgb);
}

/** Unpaint an element (back to its stylesheet's colours). */
export function unpaintCell(element) {
  element.style.removeProperty("background-color");
  element.style.removeProperty("color");
}

// ---- Refusals next to their fields: the message sits under the field it is about (on a phone
// the page's error line can be a screen away), the field is marked invalid (and names the
// message as its description), its box outlined.

/** The place of a refusal's field: its own ("players[1]"), else its list's ("stacks" for "stacks[2]"). */
const placeOf = (places, field) => places[field] ?? places[field.replace(/\[\d+\]$/, "")];

/**
 * Show a refusal's errors at their fields. `places` maps an API field ("board", "players[1]",
 * "stacks") to { message, field, box, words }: the element for the message, the control to mark
 * (aria-invalid), the element to mark `invalid` (optional), and how to say the problem
 * (optional: the API's own words by default). What names no place goes to `elsewhere` (the
 * page's error line by default). A message about the field being typed in is scrolled into view.
 */
export function showRefusal(error, places, elsewhere = document.getElementById("error")) {
  clearRefusal(places, elsewhere);
  const unplaced = [];
  for (const e of error.errors?.length ? error.errors : [{ field: "", problem: error.message }]) {
    const place = placeOf(places, e.field);
    if (!place) { unplaced.push(e.label ? `${e.label}: ${e.problem}` : e.problem); continue; }
    const text = place.words ? place.words(e) : e.problem;
    place.message.textContent = place.message.textContent ? `${place.message.textContent}\n${text}` : text;
    place.field?.setAttribute("aria-invalid", "true");
    place.box?.classList.add("invalid");
    // Where the person is typing, the message comes into view under the field (at the foot of
    // a phone's screen, it would be just below it).
    const active = document.activeElement;
    if (active && active !== document.body && (place.field === active || place.box?.contains(active))) {
      place.message.scrollIntoView({ block: "nearest" });
    }
  }
  elsewhere.textContent = unplaced.join("\n");
}

/** Take every refusal off the page (and off `elsewhere`, the page's error line by default). */
export function clearRefusal(places, elsewhere = document.getElementById("error")) {
  for (const place of Object.values(places)) {
    place.message.textContent = "";
    place.field?.setAttribute("aria-invalid", "false");
    place.box?.classList.remove("invalid");
  }
  elsewhere.textContent = "";
}

let schema = null;

/** Whether the server serves `path` (from its OpenAPI schema), so a page offers only what works. */
export async function served(path) {
  schema ??= fetch("/openapi.json").then((r) => r.json()).catch(() => ({ paths: {} }));
  return path in (await schema).paths;
}

/**
 * The deck as buttons, one row per suit (two rows a suit on a phone). One tab stop: the arrow
 * keys move between cards. A card in play stays focusable (aria-disabled, not disabled), so
 * focus stays where it was after a pick.
 */
export class DeckPicker {
  constructor(element, onPick, label = "Deck") {
    this.buttons = new Map();
    this.element = element;
    element.classList.add("deck");
    element.setAttribute("role", "group");
    element.setAttribute("aria-label", label);
    for (const suit of SUITS) {
      const row = document.createElement("div");
      row.className = "suit";
      for (const rank of RANKS) {
        const name = rank + suit;
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.card = name;
        button.tabIndex = -1;
        button.setAttribute("aria-label", cardWords(name));
        button.append(cardImage(name));
        button.addEventListener("click", () => { if (button.getAttribute("aria-disabled") !== "true") onPick(name); });
        button.addEventListener("focus", () => this.rove(button));
        row.append(button);
        this.buttons.set(name, button);
      }
      element.append(row);
    }
    this.rove(this.buttons.get("As"));
    element.addEventListener("keydown", (event) => this.move(event));
  }

  /** The one button the tab key reaches. */
  rove(button) {
    for (const b of this.buttons.values()) b.tabIndex = b === button ? 0 : -1;
  }

  move(event) {
    const shown = [...this.buttons.values()].filter((b) => !b.hidden);
    const row = shown.length / SUITS.length; // 9 cards a suit in a short deck: up and down keep the rank
    const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: row, ArrowUp: -row };
    const at = shown.indexOf(document.activeElement);
    const next = event.key === "Home" ? 0 : event.key === "End" ? shown.length - 1
      : event.key in steps ? at + steps[event.key] : null;
    if (next === null) return;
    event.preventDefault();
    shown[Math.min(shown.length - 1, Math.max(0, next))].focus();
  }

  /** Grey out (and refuse) the cards in play. */
  used(names) {
    const taken = new Set(names);
    for (const [name, button] of this.buttons) button.setAttribute("aria-disabled", String(taken.has(name)));
  }

  /** Show only the cards of a deck (a game's: 52, 36, 20 cards...), a row of its ranks a suit. */
  only(names) {
    const deck = new Set(names);
    for (const [name, button] of this.buttons) button.hidden = !deck.has(name);
    this.element.classList.toggle("short", deck.size < DECK.length);
    this.element.style.setProperty("--ranks", String(Math.ceil(deck.size / 4)));
    if (this.element.querySelector("button[tabindex='0']")?.hidden) this.rove(this.buttons.get("As"));
  }

  /** Put the keyboard in the deck, on its roving card. */
  focus() {
    this.element.querySelector("button[tabindex='0']").focus();
  }
}

export const percent = (x, digits = 1) => `${(100 * x).toFixed(digits)}%`;

/** The status line; its data-state ("waiting", "computing", "exact", "done", "error") is for tests. */
export function setStatus(text, state) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.dataset.state = state;
}

/** Say `text` to screen readers once (the page's polite live region). */
export function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = text;
}

/** Show an error (or clear it with ""): the alert region reads it out. */
export function showError(text) {
  document.getElementById("error").textContent = text;
}

/** Mark `element` as being recomputed (dimmed, aria-busy) or as done. */
export function busy(element, on) {
  element.classList.toggle("busy", on);
  element.setAttribute("aria-busy", String(on));
}

/** A function that runs fn once the calls to it pause for ms: one request per burst of clicks. */
export function debounced(fn, ms) {
  let timer = null;
  return () => { clearTimeout(timer); timer = setTimeout(fn, ms); };
}

const PAGES = [["/odds", "Hand odds"], ["/grid", "Odds grid"], ["/ranges", "Ranges"], ["/videopoker", "Video poker"],
               ["/tournament", "Tournament"],
               ["/docs", "API"]];

/** Every page's header: the name, the links (the current page marked) and the deck colours. */
function drawHeader() {
  const here = location.pathname === "/" ? "/odds" : location.pathname;
  const nav = document.createElement("nav");
  nav.setAttribute("aria-label", "Pages");
  nav.append(...PAGES.map(([href, label]) => {
    const link = Object.assign(document.createElement("a"), { href, textContent: label });
    if (href === here) { link.className = "current"; link.setAttribute("aria-current", "page"); }
    return link;
  }));
  const brand = Object.assign(document.createElement("span"), { className: "brand", textContent: "pokerlab" });
  const toggle = Object.assign(document.createElement("input"), { type: "checkbox", id: "four-color", checked: fourColor });
  toggle.addEventListener("change", () => setFourColor(toggle.checked));
  const label = Object.assign(document.createElement("label"), { className: "four-color" });
  label.append(toggle, " four-colour deck");
  document.querySelector("body > header").replaceChildren(brand, nav, label);
}

drawHeader();
