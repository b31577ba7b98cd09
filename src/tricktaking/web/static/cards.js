// Cards drawn from the protocol's card tokens ("QH", "TD", "WZ", "JE", "JK", "RJ", "BJ", "??").
// Shared by the table page and the replay viewer; no dependencies.
"use strict";

const SUITS = { S: ["♠", false, "spades"], H: ["♥", true, "hearts"],
                D: ["♦", true, "diamonds"], C: ["♣", false, "clubs"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const SPECIAL = { WZ: ["Wizard", "★", false], JE: ["Jester", "☺", false],
                  JK: ["Joker", "✪", true], RJ: ["Joker", "✪", true], BJ: ["Joker", "✪", false] };

function cardLabel(token) {
  if (token in SPECIAL) return SPECIAL[token][0];
  const suit = SUITS[token[1]];
  if (!suit) return "hidden card";
  return (RANKS[token[0]] || token[0]) + " of " + suit[2];
}

// An element showing `token`; a <button> when `button` is true.
function cardElement(token, { button = false, small = false } = {}) {
  const el = document.createElement(button ? "button" : "div");
  el.className = "card" + (small ? " small" : "");
  el.dataset.card = token;
  el.title = cardLabel(token);
  el.setAttribute("aria-label", cardLabel(token));
  const rank = document.createElement("span");
  const pip = document.createElement("span");
  rank.className = "rank";
  pip.className = "pip";
  if (token in SPECIAL) {
    const [name, symbol, red] = SPECIAL[token];
    el.classList.add("special");
    if (red) el.classList.add("red");
    rank.textContent = token === "BJ" ? "big" : token === "RJ" ? "little" : name;
    pip.textContent = symbol;
  } else if (SUITS[token[1]]) {
    const [symbol, red] = SUITS[token[1]];
    if (red) el.classList.add("red");
    el.classList.add("suit-" + token[1]);
    rank.textContent = RANKS[token[0]] || token[0];
    pip.textContent = symbol;
  } else {
    el.classList.add("back");
  }
  el.append(rank, pip);
  return el;
}

function cardBack(small = true) {
  return cardElement("??", { small });
}

// Card tokens inside an action token shown with suit symbols ("1 play QH" -> "1 play Q♥").
function prettyAction(text) {
  return String(text).split(" ").map((word) => {
    if (word.length === 2 && SUITS[word[1]] && (RANKS[word[0]] || /[2-9]/.test(word[0]))) {
      return (RANKS[word[0]] || word[0]) + SUITS[word[1]][0];
    }
    if (word in SPECIAL && word !== "JE") return SPECIAL[word][0];
    return word;
  }).join(" ");
}

// A suit letter's name ("S" -> "spades").
function suitName(letter) {
  return SUITS[letter] ? SUITS[letter][2] : letter == null ? "none" : String(letter);
}

function suitSymbol(letter) {
  return SUITS[letter] ? SUITS[letter][0] : letter == null ? "none" : String(letter);
}

// The deal number under any of the names views use for it.
function roundNumber(view) {
  return view.round_number ?? view.round ?? view.hand_number ?? 0;
}

function scoresOf(view, seats) {
  if (Array.isArray(view.scores)) return view.scores;
  if (Array.isArray(view.team_scores)) {
    return seats.map((_, seat) => view.team_scores[seat % view.team_scores.length]);
  }
  return seats.map(() => 0);
}

// A table row of `cells` made of `tag` cells ("td" or "th").
function tableRow(cells, tag) {
  const tr = document.createElement("tr");
  for (const cell of cells) {
    const td = document.createElement(tag);
    td.textContent = cell;
    tr.append(td);
  }
  return tr;
}
