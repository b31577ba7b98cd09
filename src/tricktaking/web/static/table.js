// The table page: one seat's (or a spectator's) live view of a table, over the WebSocket
// protocol described in docs/reference/web-protocol.md. No framework, no build step.
"use strict";

const PROTOCOL = 1;
const link = decodeURIComponent(location.pathname.split("/").pop());
const seqKey = "tricktaking-seq-" + link;
const bookKey = "tricktaking-book-" + link;      // the log and the score sheet, kept on reload
const MAX_LOG = 600;
const CARD_VERBS = ["play", "discard"];           // actions drawn on the cards of the hand
const LAYOUTS = {
  1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "top-left", "top-right"],
  4: ["bottom", "left", "top", "right"], 5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
};

let socket = null;
let online = false;
let meta = null;          // the welcome message: seats, role, capabilities
let view = null;          // the latest view
let winners = [];
const say = new Map();    // action token -> what a player says for it
let seq = sessionStorage.getItem(seqKey) === null ? null : Number(sessionStorage.getItem(seqKey));
let pending = false;      // a move is on its way
let lastTrick = null;
let shownTrick = null;    // a completed trick held on the felt for a moment
let hinted = null;
const queue = [];
let busy = false;
const book = loadBook();  // {log: [{seq, text}], sheet: [{deal, scores}]}

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function loadBook() {
  try {
    const stored = JSON.parse(localStorage.getItem(bookKey) || "null");
    if (stored && Array.isArray(stored.log) && Array.isArray(stored.sheet)) return stored;
  } catch (error) { /* a damaged entry: start afresh */ }
  return { log: [], sheet: [] };
}

function saveBook() {
  book.log = book.log.slice(-MAX_LOG);
  try { localStorage.setItem(bookKey, JSON.stringify(book)); } catch (error) { /* full: skip */ }
}

function mySeat() { return meta && meta.seat !== null ? meta.seat : null; }
function seatName(seat) { return meta && meta.seats[seat] ? meta.seats[seat].name : "seat " + seat; }
function position(seat) {
  const count = meta.seats.length;
  const layout = LAYOUTS[count] || LAYOUTS[6];
  const me = mySeat() ?? 0;
  return layout[((seat - me) % count + count) % count] || "top";
}
function myTurn() { return view !== null && view.actor !== null && view.actor === mySeat(); }

// What a token says, for people: "Ann: bid 7 downtown".
function spoken(token, said) {
  if (token === "deal") return "deal";
  const words = token.split(" ");
  const verb = words[1] || token;
  const phrase = said || say.get(token) || prettyAction(words.slice(2).join(" "));
  return seatName(Number(words[0])) + ": " + (phrase === verb || !phrase ? verb : verb + " " + phrase);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(link));
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, since: seq }));
  });
  socket.addEventListener("message", (event) => { queue.push(JSON.parse(event.data)); pump(); });
  socket.addEventListener("close", () => {
    setOnline(false);
    setTimeout(connect, 700);
  });
}

function setOnline(value) {
  online = value;
  document.body.dataset.connected = String(value);
  $("status").textContent = value ? "connected" : "offline, reconnecting…";
  $("offline").hidden = value;
  if (!value) pending = false;
  if (meta && view) renderHand();
}

function send(message) {
  if (!online || !socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

async function pump() {
  if (busy) return;
  busy = true;
  document.body.dataset.settled = "false";   // events still being drawn (tests wait on it)
  while (queue.length) await handle(queue.shift());
  busy = false;
  document.body.dataset.settled = "true";
}

function setSeq(value) {
  seq = value;
  sessionStorage.setItem(seqKey, String(value));
  document.body.dataset.seq = String(value);
}

function learn(message) {
  for (const [token, phrase] of Object.entries(message.say || {})) say.set(token, phrase);
  if (Array.isArray(message.winners)) winners = message.winners;
}

async function handle(message) {
  switch (message.type) {
    case "welcome": {
      meta = message;
      view = message.view;
      learn(message);
      const known = book.log.filter((entry) => entry.seq <= message.seq);
      if (known.length !== book.log.length) { book.log = known; saveBook(); }
      drawLog();
      for (const missed of message.events) log(missed.seq, spoken(missed.action, missed.said));
      setSeq(message.seq);
      pending = false;
      shownTrick = null;
      lastTrick = view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : lastTrick;
      setOnline(true);
      if (view.phase === "over") closeDeal(view, view);
      render(true);
      return;
    }
    case "event": {
      if (seq !== null && message.seq <= seq) return;          // already applied
      if (seq !== null && message.seq !== seq + 1) {          // a gap: resume from seq
        socket.close();
        return;
      }
      const before = view;
      view = message.view;
      learn(message);
      setSeq(message.seq);
      pending = false;
      hinted = null;
      $("callout").textContent = "";
      if (message.action === "deal") {
        if (before && roundNumber(before) >= 1) closeDeal(before, before);
        log(message.seq, "— deal " + roundNumber(view) + ", dealt by " + seatName(view.dealer) + " —");
      } else {
        log(message.seq, spoken(message.action, message.said));
      }
      if (view.phase === "over") closeDeal(view, view);
      const words = message.action.split(" ");
      if (words[1] === "play" && view.trick.plays.length === 0 && before) {
        const plays = [...before.trick.plays, { seat: Number(words[0]), card: words[2] }];
        const done = view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
        lastTrick = { leader: before.trick.leader, plays, winner: done ? done.winner : null };
        shownTrick = lastTrick;
        if (lastTrick.winner !== null) {
          const words2 = seatName(lastTrick.winner) + " wins the trick";
          $("callout").textContent = words2;
          log(message.seq, words2);
        }
        render(false);
        await sleep(900);
        shownTrick = null;
      }
      render(false);
      return;
    }
    case "error":
      pending = false;
      showNotice(message.message, message.code);
      render(false);
      return;
    case "hint":
      hinted = message.action;
      render(false);
      return;
    case "rematch": {
      const text = $("rematch-text");
      text.replaceChildren("The rematch is open: ");
      const anchor = document.createElement("a");
      anchor.href = message.link;
      anchor.id = "rematch-link";
      anchor.textContent = meta.role === "spectator" ? "watch it" : "take your seat";
      text.append(anchor);
      return;
    }
    default:
      return;
  }
}

function showNotice(text, code) {
  $("notice").textContent = text;
  if (code) $("notice").dataset.code = code;
  else delete $("notice").dataset.code;
}

// The end of a deal (or of the game): a row of the score sheet and a summary.
function closeDeal(ended, scoresFrom) {
  const deal = roundNumber(ended);
  if (!meta || deal < 1 || book.sheet.some((row) => row.deal === deal)) { drawSummary(); return; }
  const previous = book.sheet.length ? book.sheet[book.sheet.length - 1].scores : null;
  const scores = scoresOf(scoresFrom, meta.seats);
  book.sheet.push({
    deal,
    scores,
    changes: scores.map((score, seat) => score - (previous ? previous[seat] : 0)),
    tricks: Array.isArray(ended.tricks_won) ? ended.tricks_won : null,
  });
  saveBook();
  drawSummary();
}

function drawSummary() {
  const box = $("summary");
  const row = book.sheet[book.sheet.length - 1];
  if (!row || !meta) { box.hidden = true; return; }
  box.hidden = false;
  const title = document.createElement("h2");
  title.textContent = "Deal " + row.deal + (view && view.phase === "over" ? " (the last)" : "") + " in short";
  const list = document.createElement("ul");
  meta.seats.forEach((seat, index) => {
    const item = document.createElement("li");
    const tricks = row.tricks ? row.tricks[index] + " tricks, " : "";
    const change = row.changes[index] > 0 ? "+" + row.changes[index] : String(row.changes[index]);
    item.textContent = seat.name + ": " + tricks + change + " (total " + row.scores[index] + ")";
    list.append(item);
  });
  box.replaceChildren(title, list);
}

function drawLog() {
  const list = $("log");
  list.replaceChildren();
  for (const entry of book.log) list.append(logItem(entry.seq, entry.text));
  list.scrollTop = list.scrollHeight;
}

function logItem(number, text) {
  const item = document.createElement("li");
  item.value = number;
  item.textContent = text;
  return item;
}

function log(number, text) {
  book.log.push({ seq: number, text });
  saveBook();
  $("log").append(logItem(number, text));
  $("log").scrollTop = $("log").scrollHeight;
}

function render(fresh) {
  if (!meta || !view) return;
  document.title = meta.title + " · tricktaking";
  $("title").textContent = meta.title;
  $("who").textContent = meta.role === "spectator" ? "spectator" : "you: " + seatName(meta.seat);
  $("phase").textContent = "deal " + roundNumber(view) + " · " + String(view.phase).replace(/_/g, " ");
  const over = view.phase === "over";
  $("turn").textContent = over ? "game over"
    : view.actor === null ? "dealing…"
    : myTurn() ? "your turn" : seatName(view.actor) + " to play";
  document.body.dataset.over = String(over);
  document.body.dataset.myTurn = String(myTurn());
  const replay = $("replay-link");
  replay.hidden = !over;
  replay.href = "/replay/" + encodeURIComponent(link);
  const record = $("record-link");  // what this seat saw, as a perspective record
  record.hidden = meta.role !== "seat";
  record.href = "/api/record/" + encodeURIComponent(link);
  renderSeats();
  renderFacts();
  renderTrick(fresh);
  renderBanner(over);
  renderHand();
  renderScores();
  $("hint-button").hidden = !(meta.capabilities.hint && meta.role === "seat" && !over);
  $("last-trick-button").disabled = lastTrick === null;
  if (!$("last-trick").hidden) drawLastTrick();
}

function stat(label, value) {
  const span = document.createElement("span");
  span.textContent = label + " " + value;
  return span;
}

function renderSeats() {
  const felt = $("felt");
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  const scores = scoresOf(view, meta.seats);
  meta.seats.forEach((seat, index) => {
    const el = document.createElement("div");
    el.className = "seat at-" + position(index) + (view.actor === index ? " acting" : "");
    el.dataset.seat = index;
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = seat.name + (index === mySeat() ? " (you)" : seat.kind === "human" ? "" : " · bot");
    name.title = seat.name;
    if (view.dealer === index) {
      const dealer = document.createElement("span");
      dealer.className = "dealer";
      dealer.textContent = "D";
      dealer.title = "the dealer";
      dealer.setAttribute("aria-label", "dealer");
      name.prepend(dealer);
    }
    const stats = document.createElement("div");
    stats.className = "stats";
    const parts = [stat("score", scores[index]), stat("cards", view.hand_sizes[index])];
    if (Array.isArray(view.bids)) parts.push(stat("bid", view.bids[index] ?? "–"));
    const won = Array.isArray(view.tricks_won) ? view.tricks_won[index]
      : view.tricks.filter((trick) => trick.winner === index).length;
    parts.push(stat("tricks", won));
    if (Array.isArray(view.points)) parts.push(stat("points", view.points[index]));
    stats.append(...parts);
    el.append(name, stats);
    if (index !== mySeat()) {
      const backs = document.createElement("div");
      backs.className = "backs";
      for (let i = 0; i < view.hand_sizes[index]; i += 1) backs.append(cardBack());
      el.append(backs);
    }
    el.setAttribute("aria-label", seat.name + (view.dealer === index ? ", dealer" : "")
      + (view.actor === index ? ", to act" : ""));
    felt.append(el);
  });
}

function renderFacts() {
  const box = $("facts");
  box.replaceChildren();
  const add = (text) => { const span = document.createElement("span"); span.textContent = text; box.append(span); };
  add("dealer " + seatName(view.dealer));
  if (view.turn_up) { add("· turn-up"); box.append(cardElement(view.turn_up, { small: true })); }
  if (view.centre) { add("· centre"); box.append(cardElement(view.centre, { small: true })); }
  if ("trump" in view && view.phase !== "over") add("· trump " + suitName(view.trump));
  if (typeof view.contract === "string") add("· contract " + spoken(view.contract, null));
  else if (view.contract) add("· contract " + contractText(view.contract));
  if (view.direction) add("· " + view.direction);
  for (const key of ["kitty", "discards"]) {
    if (Array.isArray(view[key]) && view[key].length) {
      add("· " + key);
      for (const card of view[key]) box.append(cardElement(card, { small: true }));
    }
  }
}

// A contract the view gives as an object: its fields, a seat by its name.
function contractText(contract) {
  if (typeof contract !== "object") return String(contract);
  return Object.entries(contract).map(([key, value]) =>
    key === "seat" || key === "declarer" ? seatName(value) : key.replace(/_/g, " ") + " " + value).join(", ");
}

function renderTrick(fresh) {
  const box = $("trick");
  const trick = shownTrick || view.trick;
  const winner = shownTrick ? shownTrick.winner : null;
  const shown = [...box.children].map((el) => el.dataset.card + "@" + el.dataset.seat);
  const wanted = trick.plays.map((play) => play.card + "@" + play.seat);
  const keep = !fresh && shown.length <= wanted.length && shown.every((key, i) => key === wanted[i]);
  if (!keep) box.replaceChildren();
  trick.plays.forEach((play, index) => {
    if (keep && index < shown.length) {
      box.children[index].classList.toggle("winner", play.seat === winner);
      return;
    }
    const el = document.createElement("div");
    el.className = "played" + (play.seat === winner ? " winner" : "");
    if (!keep) el.style.animation = "none";
    el.dataset.card = play.card;
    el.dataset.seat = play.seat;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = seatName(play.seat);
    el.append(cardElement(play.card), who);
    el.setAttribute("aria-label", seatName(play.seat) + " played " + cardLabel(play.card));
    box.append(el);
  });
}

function renderBanner(over) {
  $("banner").hidden = !over;
  if (!over) return;
  const names = winners.map(seatName);
  $("winner-text").textContent = names.length === 0 ? "Game over"
    : (names.length === 1 ? names[0] + " wins!" : names.join(" and ") + " win!");
  $("rematch-button").hidden = meta.role !== "seat";
}

// Why a card of the hand cannot be played now.
function whyNot(cardActions) {
  if (!online) return "offline: reconnecting";
  if (view.phase === "over") return "the game is over";
  if (view.actor === null) return "the cards are being dealt";
  if (!myTurn()) return "wait: it is " + seatName(view.actor) + "'s turn";
  if (pending) return "your move is on its way";
  if (cardActions === 0) return "not now: choose above first";
  return "not playable now: follow the rules of the trick (follow suit if you can)";
}

function renderHand() {
  const hand = $("hand");
  const choices = $("choices");
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.card || document.activeElement.dataset.action : null;
  hand.replaceChildren();
  choices.replaceChildren();
  if (meta.role === "spectator") {
    hand.textContent = "Spectating: public information only.";
    return;
  }
  const byCard = new Map();
  const groups = new Map();
  for (const token of view.legal_actions) {
    const words = token.split(" ");
    if (CARD_VERBS.includes(words[1]) && words.length === 3 && view.hand.includes(words[2])) {
      if (!byCard.has(words[2])) byCard.set(words[2], token);
    } else {
      if (!groups.has(words[1])) groups.set(words[1], []);
      groups.get(words[1]).push(token);
    }
  }
  const usable = online && !pending;
  const reason = whyNot(byCard.size);
  for (const card of view.hand) {
    const button = cardElement(card, { button: true });
    const token = byCard.get(card);
    const playable = usable && token !== undefined;
    button.setAttribute("aria-disabled", String(!playable));
    if (token !== undefined) button.dataset.action = token;
    const verb = token ? token.split(" ")[1] : "play";
    button.title = playable ? verb + " " + cardLabel(card) : cardLabel(card) + ": " + reason;
    button.setAttribute("aria-label", button.title);
    if (hinted && hinted === token) button.classList.add("hinted");
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") { showNotice(button.title, "why"); return; }
      move(button.dataset.action);
    });
    hand.append(button);
  }
  for (const [verb, tokens] of groups) {
    const label = document.createElement("span");
    label.className = "verb";
    label.textContent = verb.replace(/_/g, " ");
    const phrases = tokens.map((token) => say.get(token) || prettyAction(token.split(" ").slice(2).join(" ")));
    const lone = tokens.length === 1 && (phrases[0] === verb || !phrases[0]);
    if (!lone) choices.append(label);
    tokens.forEach((token, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = token;
      button.textContent = phrases[index] || verb;
      button.setAttribute("aria-label", phrases[index] === verb || !phrases[index] ? verb : verb + " " + phrases[index]);
      button.setAttribute("aria-disabled", String(!usable));
      if (!usable) button.title = reason;
      if (hinted === token) button.classList.add("hinted");
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") === "true") { showNotice(reason, "why"); return; }
        move(token);
      });
      choices.append(button);
    });
  }
  if (focused) {
    const again = [...hand.children, ...choices.querySelectorAll("button")]
      .find((el) => el.dataset.card === focused || el.dataset.action === focused);
    if (again) again.focus();
  }
}

function renderScores() {
  const head = $("scores").querySelector("thead");
  const body = $("scores").querySelector("tbody");
  head.replaceChildren(tableRow(["", ...meta.seats.map((seat) => seat.name)], "th"));
  const rows = book.sheet.map((row) => tableRow(
    ["deal " + row.deal, ...row.scores.map((score, seat) => {
      const change = row.changes[seat];
      return String(score) + (change ? " (" + (change > 0 ? "+" : "") + change + ")" : "");
    })], "td"));
  body.replaceChildren(tableRow(["score", ...scoresOf(view, meta.seats)], "td"), ...rows.reverse());
}

function move(token) {
  if (!token || pending) return;
  if (!online) { showNotice("Offline: reconnecting… the move was not sent.", "offline"); return; }
  showNotice("", null);
  pending = true;
  if (!send({ type: "move", action: token, seq })) { pending = false; return; }
  renderHand();
}

function drawLastTrick() {
  const box = $("last-trick");
  box.replaceChildren("Last trick: ");
  if (!lastTrick) return;
  for (const play of lastTrick.plays) {
    const el = cardElement(play.card, { small: true });
    el.title = seatName(play.seat) + ": " + cardLabel(play.card);
    if (play.seat === lastTrick.winner) el.style.outline = "3px solid var(--accent)";
    box.append(el);
  }
  if (lastTrick.winner !== null) box.append(" won by " + seatName(lastTrick.winner));
}

// Arrow keys move between the cards of the hand; Enter or Space plays the focused one.
$("hand").addEventListener("keydown", (event) => {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const cards = [...$("hand").querySelectorAll("button.card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  next.focus();
  event.preventDefault();
});
$("last-trick-button").addEventListener("click", () => {
  $("last-trick").hidden = !$("last-trick").hidden;
  drawLastTrick();
});
$("hint-button").addEventListener("click", () => send({ type: "hint" }));
$("rematch-button").addEventListener("click", () => send({ type: "rematch" }));
const fourColour = $("four-colour");
fourColour.checked = localStorage.getItem("tricktaking-four-colour") === "true";
document.body.classList.toggle("four-colour", fourColour.checked);
fourColour.addEventListener("change", () => {
  localStorage.setItem("tricktaking-four-colour", String(fourColour.checked));
  document.body.classList.toggle("four-colour", fourColour.checked);
});
drawLog();
connect();
