// Shared by the three pages: card names, card images, the deck picker and the API call.

// Deck order for the picker: one row per suit, aces first, as players scan a deck.
const DECK = [..."shdc"].flatMap((suit) => [..."AKQJT98765432"].map((rank) => rank + suit));

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

// The four-colour deck (clubs green, diamonds blue) is a choice kept in the browser.
const FOUR_COLOR_KEY = "pokerlab.fourColor";
const fourColor = localStorage.getItem(FOUR_COLOR_KEY) === "1";

export function cardImage(name) {
  const img = document.createElement("img");
  img.src = `/cards/${name}.svg${fourColor ? "?four_color=true" : ""}`;
  img.alt = name;
  img.draggable = false;
  return img;
}

/** An element showing a card (or an empty slot when name is null). */
export function cardSlot(name, onClick) {
  const slot = document.createElement("span");
  slot.className = "card slot" + (name ? " filled" : "");
  if (name) slot.append(cardImage(name));
  slot.dataset.card = name || "";
  if (onClick) slot.addEventListener("click", onClick);
  return slot;
}

/** POST (or GET without a body) JSON; a refusal throws an Error carrying the server's detail. */
export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
  return data;
}

/** The 52 cards as buttons; onPick(name) on a click; used(names) greys out cards in play. */
export class DeckPicker {
  constructor(element, onPick) {
    this.buttons = new Map();
    element.classList.add("deck");
    for (const name of DECK) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.card = name;
      button.title = name;
      button.append(cardImage(name));
      button.addEventListener("click", () => onPick(name));
      element.append(button);
      this.buttons.set(name, button);
    }
  }

  used(names) {
    const taken = new Set(names);
    for (const [name, button] of this.buttons) button.disabled = taken.has(name);
  }
}

export const percent = (x, digits = 1) => `${(100 * x).toFixed(digits)}%`;

/** The status line; its data-state ("waiting", "computing", "exact", "done", "error") is for tests. */
export function setStatus(text, state) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.dataset.state = state;
}

/** A function that runs fn once the calls to it pause for ms: one request per burst of clicks. */
export function debounced(fn, ms) {
  let timer = null;
  return () => { clearTimeout(timer); timer = setTimeout(fn, ms); };
}

const PAGES = [["/odds", "Hand odds"], ["/grid", "Odds grid"], ["/videopoker", "Video poker"], ["/docs", "API"]];

/** Every page's header: the name and the links, the current page marked. */
function drawHeader() {
  const here = location.pathname === "/" ? "/odds" : location.pathname;
  const nav = document.createElement("nav");
  nav.append(...PAGES.map(([href, label]) => Object.assign(document.createElement("a"),
    { href, textContent: label, className: href === here ? "current" : "" })));
  const brand = Object.assign(document.createElement("span"), { className: "brand", textContent: "pokerlab" });
  const toggle = Object.assign(document.createElement("input"), { type: "checkbox", id: "four-color", checked: fourColor });
  toggle.addEventListener("change", () => { localStorage.setItem(FOUR_COLOR_KEY, toggle.checked ? "1" : "0"); location.reload(); });
  const label = Object.assign(document.createElement("label"), { className: "four-color" });
  label.append(toggle, " four-colour deck");
  document.querySelector("body > header").replaceChildren(brand, nav, label);
}

drawHeader();
