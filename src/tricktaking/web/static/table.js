// The table page: one seat's (or a spectator's) live view of a table, over the WebSocket
// protocol described in docs/reference/web-protocol.md. No framework, no build step.
"use strict";

const PROTOCOL = 1;
const link = decodeURIComponent(location.pathname.split("/").pop());
const seqKey = "tricktaking-seq-" + link;
const LAYOUTS = {
  1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "top-left", "top-right"],
  4: ["bottom", "left", "top", "right"], 5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
};

let socket = null;
let meta = null;          // the welcome message: seats, role, capabilities
let view = null;          // the latest view
let seq = sessionStorage.getItem(seqKey) === null ? null : Number(sessionStorage.getItem(seqKey));
let pending = false;      // a move is on its way
let lastTrick = null;
let shownTrick = null;    // a completed trick held on the felt for a moment
let hinted = null;
const queue = [];
let busy = false;

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function mySeat() { return meta && meta.seat !== null ? meta.seat : null; }
function seatName(seat) { return meta ? meta.seats[seat].name : "seat " + seat; }
function position(seat) {
  const count = meta.seats.length;
  const layout = LAYOUTS[count] || LAYOUTS[6];
  const me = mySeat() ?? 0;
  return layout[((seat - me) % count + count) % count] || "top";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(link));
  socket.addEventListener("open", () => {
    $("status").textContent = "connected";
    socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, since: seq }));
  });
  socket.addEventListener("message", (event) => { queue.push(JSON.parse(event.data)); pump(); });
  socket.addEventListener("close", () => {
    $("status").textContent = "reconnecting…";
    document.body.dataset.connected = "false";
    setTimeout(connect, 700);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
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

async function handle(message) {
  switch (message.type) {
    case "welcome":
      meta = message;
      view = message.view;
      for (const missed of message.events) log(missed.seq, missed.action);
      setSeq(message.seq);
      pending = false;
      shownTrick = null;
      lastTrick = view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : lastTrick;
      document.body.dataset.connected = "true";
      render(true);
      return;
    case "event": {
      if (seq !== null && message.seq <= seq) return;          // already applied
      if (seq !== null && message.seq !== seq + 1) {          // a gap: resume from seq
        socket.close();
        return;
      }
      const before = view;
      view = message.view;
      setSeq(message.seq);
      pending = false;
      hinted = null;
      log(message.seq, message.action);
      const words = message.action.split(" ");
      if (words[1] === "play" && view.trick.plays.length === 0 && before) {
        const plays = [...before.trick.plays, { seat: Number(words[0]), card: words[2] }];
        const done = view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
        lastTrick = { leader: before.trick.leader, plays, winner: done ? done.winner : null };
        shownTrick = lastTrick;
        render(false);
        await sleep(900);
        shownTrick = null;
      }
      render(false);
      return;
    }
    case "error":
      pending = false;
      $("notice").textContent = message.message;
      $("notice").dataset.code = message.code;
      render(false);
      return;
    case "hint":
      hinted = message.action;
      render(false);
      return;
    default:
      return;
  }
}

function log(number, action) {
  const item = document.createElement("li");
  item.value = number;
  item.textContent = action === "deal" ? "— new deal —" : prettyAction(action);
  $("log").append(item);
  $("log").scrollTop = $("log").scrollHeight;
}

function render(fresh) {
  if (!meta || !view) return;
  document.title = meta.title + " · tricktaking";
  $("title").textContent = meta.title;
  $("who").textContent = meta.role === "spectator" ? "spectator" : "you: " + seatName(meta.seat);
  $("phase").textContent = "deal " + roundNumber(view) + " · " + view.phase;
  const over = view.phase === "over";
  $("turn").textContent = over ? "game over"
    : view.actor === null ? "dealing…"
    : view.actor === mySeat() ? "your turn" : seatName(view.actor) + " to play";
  document.body.dataset.over = String(over);
  document.body.dataset.myTurn = String(view.actor !== null && view.actor === mySeat());
  const replay = $("replay-link");
  replay.hidden = !over;
  replay.href = "/replay/" + encodeURIComponent(link);
  renderSeats();
  renderFacts();
  renderTrick(fresh);
  renderHand();
  renderScores();
  $("hint-button").hidden = !(meta.capabilities.hint && meta.role === "seat");
  $("last-trick-button").disabled = lastTrick === null;
  if (!$("last-trick").hidden) drawLastTrick();
}

function seatStat(label, value) {
  const span = document.createElement("span");
  span.textContent = label + " " + value;
  return span;
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  const scores = scoresOf(view, meta.seats);
  meta.seats.forEach((seat, index) => {
    const el = document.createElement("div");
    el.className = "seat at-" + position(index) + (view.actor === index ? " acting" : "");
    el.dataset.seat = index;
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = seat.name + (index === mySeat() ? " (you)" : seat.kind === "human" ? "" : " · bot");
    const stats = document.createElement("div");
    stats.className = "stats";
    const parts = [seatStat("cards", view.hand_sizes[index]), seatStat(" · score", scores[index])];
    if (Array.isArray(view.bids)) parts.push(seatStat(" · bid", view.bids[index] ?? "–"));
    const won = Array.isArray(view.tricks_won) ? view.tricks_won[index]
      : view.tricks.filter((trick) => trick.winner === index).length;
    parts.push(seatStat(" · tricks", won));
    if (Array.isArray(view.points)) parts.push(seatStat(" · points", view.points[index]));
    stats.append(...parts);
    el.append(name, stats);
    if (index !== mySeat()) {
      const backs = document.createElement("div");
      backs.className = "backs";
      for (let i = 0; i < view.hand_sizes[index]; i += 1) backs.append(cardBack());
      el.append(backs);
    }
    box.append(el);
  });
}

function renderFacts() {
  const box = $("facts");
  box.replaceChildren();
  const add = (text) => { const span = document.createElement("span"); span.textContent = text; box.append(span); };
  if (view.turn_up) { add("turn-up "); box.append(cardElement(view.turn_up, { small: true })); }
  if (view.centre) { add(" centre "); box.append(cardElement(view.centre, { small: true })); }
  if ("trump" in view) add(" trump " + suitSymbol(view.trump));
  if (view.contract) add(" · contract " + prettyAction(view.contract));
  if (view.direction && view.direction !== "uptown") add(" · " + view.direction);
  for (const key of ["kitty", "discards"]) {
    if (Array.isArray(view[key]) && view[key].length) {
      add(" · " + key + " ");
      for (const card of view[key]) box.append(cardElement(card, { small: true }));
    }
  }
}

function trickPlays() {
  const trick = shownTrick || view.trick;
  return { plays: trick.plays, winner: shownTrick ? shownTrick.winner : null };
}

function renderTrick(fresh) {
  const box = $("trick");
  const { plays, winner } = trickPlays();
  const shown = [...box.children].map((el) => el.dataset.card + "@" + el.dataset.seat);
  const wanted = plays.map((play) => play.card + "@" + play.seat);
  const keep = !fresh && shown.length <= wanted.length && shown.every((key, i) => key === wanted[i]);
  if (!keep) box.replaceChildren();
  plays.forEach((play, index) => {
    if (keep && index < shown.length) {
      box.children[index].classList.toggle("winner", play.seat === winner);
      return;
    }
    const el = document.createElement("div");
    el.className = "played slot-" + position(play.seat) + (play.seat === winner ? " winner" : "");
    if (!keep) el.style.animation = "none";
    el.dataset.card = play.card;
    el.dataset.seat = play.seat;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = seatName(play.seat);
    el.append(cardElement(play.card), who);
    box.append(el);
  });
  if (view.phase === "over" && !shownTrick) {
    const banner = document.createElement("div");
    banner.className = "over-banner";
    banner.textContent = "Game over";
    box.append(banner);
  }
}

function renderHand() {
  const hand = $("hand");
  const choices = $("choices");
  hand.replaceChildren();
  choices.replaceChildren();
  if (meta.role === "spectator") {
    hand.textContent = "Spectating: public information only.";
    return;
  }
  const byCard = new Map();
  const others = [];
  for (const token of view.legal_actions) {
    const words = token.split(" ");
    if (words.length === 3 && view.hand.includes(words[2]) && !byCard.has(words[2])) byCard.set(words[2], token);
    else others.push(token);
  }
  for (const card of view.hand) {
    const button = cardElement(card, { button: true });
    const token = byCard.get(card);
    button.disabled = pending || token === undefined;
    if (token !== undefined) button.dataset.action = token;
    if (hinted && hinted === token) button.classList.add("hinted");
    button.addEventListener("click", () => move(button.dataset.action));
    hand.append(button);
  }
  for (const token of others) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = token;
    button.textContent = prettyAction(token.split(" ").slice(1).join(" "));
    button.disabled = pending;
    if (hinted === token) button.classList.add("hinted");
    button.addEventListener("click", () => move(token));
    choices.append(button);
  }
}

function renderScores() {
  const head = $("scores").querySelector("thead");
  const body = $("scores").querySelector("tbody");
  head.replaceChildren(tableRow(["", ...meta.seats.map((seat) => seat.name)], "th"));
  body.replaceChildren(tableRow(["score", ...scoresOf(view, meta.seats)], "td"));
}

function move(token) {
  if (!token || pending) return;
  $("notice").textContent = "";
  delete $("notice").dataset.code;
  pending = true;
  renderHand();
  send({ type: "move", action: token, seq });
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

$("last-trick-button").addEventListener("click", () => {
  $("last-trick").hidden = !$("last-trick").hidden;
  drawLastTrick();
});
$("hint-button").addEventListener("click", () => send({ type: "hint" }));
connect();
