// Cards drawn from the protocol's card tokens ("QH", "TD", "WZ", "JE", "JK", "RJ", "BJ", "??"),
// and the words of the log. Shared by the table page and the replay viewer; no dependencies.
"use strict";

const SUITS = { S: ["♠", false, "spades"], H: ["♥", true, "hearts"],
                D: ["♦", true, "diamonds"], C: ["♣", false, "clubs"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
// name, centre symbol, red, corner mark (short enough for the smallest card)
const SPECIAL = { WZ: ["Wizard", "★", false, "Wiz"], JE: ["Jester", "☺", false, "Jes"],
                  JK: ["joker", "✪", true, "Jkr"], RJ: ["big joker", "✪", true, "Big"],
                  BJ: ["little joker", "✪", false, "Lil"] };

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
    const [, symbol, red, mark] = SPECIAL[token];
    el.classList.add("special");
    if (red) el.classList.add("red");
    rank.textContent = mark;
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

// A card token in words: "Q♥", "10♦", "Wizard"; any other word as it is.
function cardWords(word) {
  if (word.length === 2 && SUITS[word[1]] && (RANKS[word[0]] || /[2-9]/.test(word[0]))) {
    return (RANKS[word[0]] || word[0]) + SUITS[word[1]][0];
  }
  return word in SPECIAL ? SPECIAL[word][0] : word;
}

// Card tokens inside an action token shown with suit symbols ("1 play QH" -> "1 play Q♥").
function prettyAction(text) {
  return String(text).split(" ").map(cardWords).join(" ");
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

// --- the words of the log, the same on the table and in the replay ----------------------

// How a player's move reads: "Ann plays Q♥", "Bob bids 7 downtown", "Cy passes".
const SAYINGS = {
  play: (who, what) => who + " plays " + what,
  bid: (who, what) => who + " bids " + what,
  pass: (who) => who + " passes",
  trump: (who, what) => who + " names trump: " + what,
  direction: (who, what) => who + " chooses " + what,
  discard: (who, what) => who + " discards " + what,
};

// The words of a token's choice: what the server said, else its cards in words.
function phraseOf(token, said) {
  const words = String(token).split(" ");
  return said || words.slice(2).map(cardWords).join(" ") || words[1] || "";
}

// One line of the log for an action token, `nameOf` giving a seat's name.
function actionLine(token, said, nameOf) {
  if (token === "deal") return "deal";
  const words = String(token).split(" ");
  const verb = words[1] || "";
  const who = nameOf(Number(words[0]));
  const what = phraseOf(token, said);
  if (SAYINGS[verb]) return SAYINGS[verb](who, what);
  return who + ": " + (what === verb ? verb : verb.replace(/_/g, " ") + " " + what);
}

function dealLine(view, nameOf) {
  return "— deal " + roundNumber(view) + ", dealt by " + nameOf(view.dealer) + " —";
}

function trickLine(winner, nameOf) {
  return nameOf(winner) + " wins the trick";
}

// The lines an action adds to the log, from the views before and after it.
function eventLines(token, said, before, after, nameOf) {
  if (token === "deal") return [dealLine(after, nameOf)];
  const lines = [actionLine(token, said, nameOf)];
  const done = after && Array.isArray(after.tricks) ? after.tricks : [];
  const earlier = before && Array.isArray(before.tricks)
    && roundNumber(before) === roundNumber(after) ? before.tricks.length : 0;
  if (String(token).split(" ")[1] === "play" && done.length > earlier) {
    const winner = done[done.length - 1].winner;
    if (winner !== null && winner !== undefined) lines.push(trickLine(winner, nameOf));
  }
  return lines;
}

// The log of the current deal from its events (as a welcome lists them) and the view now:
// the same lines, in the same places, as the events told one by one.
function dealLog(events, view, nameOf) {
  const entries = [];
  const tricks = Array.isArray(view.tricks) ? view.tricks : [];
  let plays = 0;
  let completed = 0;
  let due = tricks.length ? tricks[0].plays.length : Infinity;
  for (const event of events) {
    if (event.action === "deal") {
      entries.push({ seq: event.seq, text: dealLine(view, nameOf) });
      continue;
    }
    entries.push({ seq: event.seq, text: actionLine(event.action, event.said, nameOf) });
    if (String(event.action).split(" ")[1] !== "play") continue;
    plays += 1;
    if (plays === due) {
      const winner = tricks[completed].winner;
      if (winner !== null && winner !== undefined) entries.push({ seq: event.seq, text: trickLine(winner, nameOf) });
      completed += 1;
      due = completed < tricks.length ? due + tricks[completed].plays.length : Infinity;
    }
  }
  return entries;
}
