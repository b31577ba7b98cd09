// The table page: one seat's (or a spectator's) live view of a table, over the WebSocket
// protocol described in docs/reference/web-protocol.md. No framework, no build step.
"use strict";

const PROTOCOL = 1;
const link = decodeURIComponent(location.pathname.split("/").pop());
const seqKey = "tricktaking-seq-" + link;
const bookKey = "tricktaking-book-" + link;      // the log, kept on reload
const MAX_LOG = 600;
const CARD_VERBS = ["play", "discard"];           // actions drawn on the cards of the hand
const CALL_VERBS = ["bid", "pass"];               // a seat's call, shown on its box
const LAYOUTS = {
  1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "top-left", "top-right"],
  4: ["bottom", "left", "top", "right"], 5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
  7: ["bottom", "left", "top-left", "top", "top-right", "right", "bottom-right"],
};
const HOLD_MS = 800;      // a completed trick stays this long before it goes to its winner
const SWEEP_MS = 450;     // ... and takes this long to get there (none with reduced motion)

let socket = null;
let online = false;
let meta = null;          // the welcome message: seats, role, capabilities, rules
let view = null;          // the latest view
let winners = [];
let refused = {};         // token -> why a rule refuses it now
let dealEvents = [];      // the current deal's events: {seq, actor, action, said}
let deals = [];           // the finished deals' summaries
let connected = [];       // per seat: true, false (a person away) or null (a bot)
let turnSince = Date.now();
const say = new Map();    // action token -> what a player says for it
let seq = sessionStorage.getItem(seqKey) === null ? null : Number(sessionStorage.getItem(seqKey));
let pending = false;      // a move is on its way
let lastTrick = null;
let shownTrick = null;    // a completed trick held on the felt for a moment
let hinted = null;
const queue = [];
let busy = false;
const book = loadBook();  // {log: [{seq, text}]}

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const calm = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

function loadBook() {
  try {
    const stored = JSON.parse(localStorage.getItem(bookKey) || "null");
    if (stored && Array.isArray(stored.log)) return { log: stored.log };
  } catch (error) { /* a damaged entry: start afresh */ }
  return { log: [] };
}

function saveBook() {
  book.log = book.log.slice(-MAX_LOG);
  try { localStorage.setItem(bookKey, JSON.stringify(book)); } catch (error) { /* full: skip */ }
}

function mySeat() { return meta && meta.seat !== null ? meta.seat : null; }
function seatName(seat) { return meta && meta.seats[seat] ? meta.seats[seat].name : "seat " + seat; }
function position(seat) {
  const count = meta.seats.length;
  const layout = LAYOUTS[count] || LAYOUTS[7];
  const me = mySeat() ?? 0;
  return layout[((seat - me) % count + count) % count] || "top";
}
function myTurn() { return view !== null && view.actor !== null && view.actor === mySeat(); }
function teamOf(seat) { return meta.seats[seat] ? meta.seats[seat].team : null; }
function teamed() { return meta.seats.some((seat) => seat.team !== null && seat.team !== undefined); }
function partnersOf(seat) {
  return meta.seats.filter((other) => other.team !== null && other.team === teamOf(seat)).map((other) => other.seat);
}

// The seat that holds the contract: the seat of a contract token, else the view's bidder.
function contractHolder() {
  if (typeof view.contract === "string") return Number(view.contract.split(" ")[0]);
  for (const key of ["declarer", "bidder"]) if (Number.isInteger(view[key])) return view[key];
  return null;
}

// A seat's last bid or pass in this deal, as it was said ("7 downtown", "pass").
function callOf(seat) {
  for (let i = dealEvents.length - 1; i >= 0; i -= 1) {
    const words = String(dealEvents[i].action).split(" ");
    if (Number(words[0]) === seat && CALL_VERBS.includes(words[1])) {
      return words[1] === "pass" ? "pass" : phraseOf(dealEvents[i].action, dealEvents[i].said);
    }
  }
  return Array.isArray(view.bids) && view.bids[seat] !== null ? String(view.bids[seat]) : null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(link));
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, since: seq, presence: true }));
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
  refused = message.refused || {};
}

// The log on a (re)opened page: older lines kept here, then the current deal told afresh.
function rebuildLog(message) {
  const start = dealEvents.length ? dealEvents[0].seq : message.seq + 1;
  const older = book.log.filter((entry) => entry.seq < start && entry.seq <= message.seq);
  const known = older.length ? older[older.length - 1].seq : -1;
  for (const missed of message.events) {
    if (missed.seq > known && missed.seq < start) {
      older.push({ seq: missed.seq, text: actionLine(missed.action, missed.said, seatName) });
    }
  }
  book.log = [...older, ...dealLog(dealEvents, view, seatName)];
  saveBook();
  drawLog();
}

async function handle(message) {
  switch (message.type) {
    case "welcome": {
      meta = message;
      view = message.view;
      dealEvents = message.deal_events || [];
      deals = message.deals || [];
      connected = meta.seats.map((seat) => seat.connected ?? null);
      turnSince = Date.now() - 1000 * (message.waited || 0);
      learn(message);
      rebuildLog(message);
      setSeq(message.seq);
      pending = false;
      shownTrick = null;
      lastTrick = view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : lastTrick;
      setOnline(true);
      drawRules();
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
      turnSince = Date.now();
      $("callout").textContent = "";
      const event = { seq: message.seq, actor: message.actor, action: message.action, said: message.said };
      dealEvents = message.action === "deal" ? [event] : [...dealEvents, event];
      if (message.summary) deals = [...deals, message.summary];
      for (const text of eventLines(message.action, message.said, before, view, seatName)) log(message.seq, text);
      const words = message.action.split(" ");
      if (words[1] === "play" && view.trick.plays.length === 0 && before) {
        const plays = [...before.trick.plays, { seat: Number(words[0]), card: words[2] }];
        const done = view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
        lastTrick = { leader: before.trick.leader, plays, winner: done ? done.winner : null };
        shownTrick = lastTrick;
        const over = view.phase === "over";
        if (lastTrick.winner !== null && !over) $("callout").textContent = trickLine(lastTrick.winner, seatName);
        render(false);
        if (over) return;                                    // the final trick stays on the felt
        const behind = queue.length > 2;                     // catching up: no lingering
        await sleep(behind ? 100 : HOLD_MS);
        await sweep(lastTrick.winner, behind);
        shownTrick = null;
        $("callout").textContent = "";
      }
      render(false);
      return;
    }
    case "presence":
      connected = message.connected;
      if (meta && view) renderSeats();
      return;
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

// The cards of the trick slide to the seat that won it (at once with reduced motion).
async function sweep(winner, quick) {
  const target = document.querySelector(`.seat[data-seat="${winner}"]`);
  const cards = [...$("trick").querySelectorAll(".played")];
  if (!target || !cards.length) return;
  const goal = target.getBoundingClientRect();
  $("trick").classList.add("sweeping");
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    card.style.setProperty("--dx", (goal.x + goal.width / 2 - box.x - box.width / 2) + "px");
    card.style.setProperty("--dy", (goal.y + goal.height / 2 - box.y - box.height / 2) + "px");
    card.classList.add("gone");
  }
  await sleep(calm() || quick ? 0 : SWEEP_MS);
  $("trick").classList.remove("sweeping");
}

function showNotice(text, code) {
  $("notice").textContent = text;
  if (code) $("notice").dataset.code = code;
  else delete $("notice").dataset.code;
}

function plus(value) { return value > 0 ? "+" + value : String(value); }

// Seats, or partnerships where partners share a score: [{seats, name}].
function sides() {
  if (!teamed()) return meta.seats.map((seat) => ({ seats: [seat.seat], name: seat.name }));
  const teams = [...new Set(meta.seats.map((seat) => seat.team))];
  return teams.map((team) => {
    const seats = meta.seats.filter((seat) => seat.team === team).map((seat) => seat.seat);
    return { seats, name: seats.map(seatName).join(" & ") };
  });
}

function drawSummary() {
  const box = $("summary");
  const row = deals[deals.length - 1];
  if (!row || !meta) { box.hidden = true; return; }
  box.hidden = false;
  const title = document.createElement("h2");
  title.textContent = "Deal " + row.deal + (view && view.phase === "over" ? " (the last)" : "") + " in short";
  const table = document.createElement("table");
  table.className = "deal-summary";
  table.append(tableRow([teamed() ? "Team" : "Player", "Bid", "Tricks", "Points", "Total"], "th"));
  for (const side of sides()) {
    const calls = side.seats.map((seat) => row.calls[seat]).filter((call) => call !== null && call !== undefined);
    const tricks = side.seats.reduce((sum, seat) => sum + (row.tricks[seat] || 0), 0);
    const first = side.seats[0];
    const cells = [side.name, calls.join(", ") || "–", String(tricks), plus(row.gained[first]), String(row.scores[first])];
    const tr = tableRow(cells, "td");
    tr.dataset.seats = side.seats.join(" ");
    table.append(tr);
  }
  const lines = document.createElement("ul");
  lines.className = "summary-lines";
  for (const line of row.lines) {
    const item = document.createElement("li");
    item.textContent = line;
    lines.append(item);
  }
  box.replaceChildren(title, table, lines);
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
  item.dataset.seq = number;
  item.textContent = text;
  return item;
}

function log(number, text) {
  book.log.push({ seq: number, text });
  saveBook();
  $("log").append(logItem(number, text));
  $("log").scrollTop = $("log").scrollHeight;
}

function clock() {
  const seconds = Math.max(0, Math.floor((Date.now() - turnSince) / 1000));
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}

function drawTurn() {
  if (!meta || !view) return;
  const over = view.phase === "over";
  const who = view.actor === null ? "dealing…" : myTurn() ? "your turn" : seatName(view.actor) + " to play";
  $("turn").textContent = over ? "game over" : view.actor === null ? who : who + " · " + clock();
}

function render(fresh) {
  if (!meta || !view) return;
  document.title = meta.title + " · tricktaking";
  $("title").textContent = meta.title;
  $("who").textContent = meta.role === "spectator" ? "spectator" : "you: " + seatName(meta.seat);
  $("phase").textContent = "deal " + roundNumber(view) + " · " + String(view.phase).replace(/_/g, " ");
  const over = view.phase === "over";
  drawTurn();
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
  renderAuction();
  renderScores();
  drawSummary();
  $("hint-button").hidden = !(meta.capabilities.hint && meta.role === "seat" && !over);
  $("last-trick-button").disabled = lastTrick === null;
  if (!$("last-trick").hidden) drawLastTrick();
}

function stat(label, value) {
  const span = document.createElement("span");
  span.textContent = value === "" ? label : label + " " + value;
  return span;
}

function tag(text, kind, title) {
  const span = document.createElement("span");
  span.className = "tag " + kind;
  span.textContent = text;
  if (title) span.title = title;
  return span;
}

function renderSeats() {
  const felt = $("felt");
  felt.className = "felt seats-" + meta.seats.length;
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  const scores = scoresOf(view, meta.seats);
  const holder = contractHolder();
  const mine = mySeat();
  meta.seats.forEach((seat, index) => {
    const el = document.createElement("div");
    el.className = "seat at-" + position(index) + (view.actor === index ? " acting" : "");
    if (seat.team !== null && seat.team !== undefined) el.classList.add("team-" + seat.team);
    el.dataset.seat = index;
    const head = document.createElement("div");
    head.className = "name";
    if (seat.kind === "human") {
      const here = index === mine || connected[index] !== false;
      const dot = document.createElement("span");
      dot.className = "presence " + (here ? "here" : "away");
      dot.title = here ? "connected" : "away: not connected";
      dot.setAttribute("role", "img");
      dot.setAttribute("aria-label", dot.title);
      head.append(dot);
    }
    const name = document.createElement("span");
    name.className = "name-text";
    name.textContent = seat.name;
    head.append(name);
    if (index === mine) head.append(tag("you", "you"));
    else if (seat.kind !== "human") head.append(tag("bot", "bot", seat.kind + " bot"));
    if (mine !== null && index !== mine && seat.team !== null && seat.team !== undefined && seat.team === teamOf(mine)) {
      head.append(tag("partner", "partner", "your partner"));
    }
    if (seat.kind === "human" && index !== mine && connected[index] === false) {
      head.append(tag("away", "away", "not connected"));
    }
    if (view.dealer === index) head.append(tag("D", "dealer", "the dealer"));
    if (holder === index) head.append(tag("contract", "holder", "holds the contract"));
    const stats = document.createElement("div");
    stats.className = "stats";
    const parts = [stat("score", scores[index]), stat("cards", view.hand_sizes[index])];
    const call = callOf(index);
    const bid = call === "pass" ? stat("passed", "") : stat("bid", call === null ? "–" : call);
    bid.className = "call";
    parts.push(bid);
    const won = Array.isArray(view.tricks_won) ? view.tricks_won[index]
      : view.tricks.filter((trick) => trick.winner === index).length;
    parts.push(stat("tricks", won));
    if (Array.isArray(view.points)) parts.push(stat("points", view.points[index]));
    stats.append(...parts);
    el.append(head, stats);
    if (index !== mine) {
      const backs = document.createElement("div");
      backs.className = "backs";
      for (let i = 0; i < view.hand_sizes[index]; i += 1) backs.append(cardBack());
      el.append(backs);
    }
    const away = seat.kind === "human" && index !== mine && connected[index] === false;
    el.setAttribute("aria-label", seat.name + (view.dealer === index ? ", dealer" : "")
      + (view.actor === index ? ", to act" : "") + (away ? ", away" : ""));
    felt.append(el);
  });
}

function renderFacts() {
  const box = $("facts");
  box.replaceChildren();
  const add = (text) => { const span = document.createElement("span"); span.textContent = text; box.append(span); };
  // the dealer wears a D on its seat; here: the cards out, trump, contract and direction
  const facts = [];
  const fact = (text, cards = []) => facts.push([text, cards]);
  if (view.turn_up) fact("turn-up", [view.turn_up]);
  if (view.centre) fact("centre", [view.centre]);
  const played = view.trick.plays.length > 0 || (Array.isArray(view.tricks) && view.tricks.length > 0);
  if (view.trump) fact("trump " + suitSymbol(view.trump) + " " + suitName(view.trump));
  else if ("trump" in view && played) fact("no trump");        // cards are down and none is trump
  const holder = contractHolder();
  if (typeof view.contract === "string") fact("contract " + (say.get(view.contract) || phraseOf(view.contract)) + ", " + seatName(holder));
  else if (view.contract !== null && view.contract !== undefined) {
    fact("contract " + contractText(view.contract) + (holder !== null ? ", " + seatName(holder) : ""));
  }
  if (view.direction && (played || view.direction !== "uptown")) fact(view.direction);
  for (const key of ["kitty", "discards"]) {
    if (Array.isArray(view[key]) && view[key].length) fact(key, view[key]);
  }
  facts.forEach(([text, cards], index) => {
    add((index ? "· " : "") + text);
    for (const card of cards) box.append(cardElement(card, { small: true }));
  });
}

// A contract the view gives as an object: its fields, a seat by its name.
function contractText(contract) {
  if (typeof contract !== "object") return String(contract);
  return Object.entries(contract).map(([key, value]) =>
    key === "seat" || key === "declarer" ? seatName(value) : key.replace(/_/g, " ") + " " + value).join(", ");
}

// The trick on the felt: each card in front of the seat that played it.
function renderTrick(fresh) {
  const box = $("trick");
  const over = view.phase === "over";
  const final = over && !view.trick.plays.length && view.tricks && view.tricks.length
    ? view.tricks[view.tricks.length - 1] : null;
  const trick = shownTrick || final || view.trick;
  const winner = shownTrick ? shownTrick.winner : final ? final.winner : null;
  const shown = [...box.children].map((el) => el.dataset.card + "@" + el.dataset.seat);
  const wanted = trick.plays.map((play) => play.card + "@" + play.seat);
  const keep = !fresh && shown.length <= wanted.length && shown.every((key, i) => key === wanted[i])
    && ![...box.children].some((el) => el.classList.contains("gone"));
  if (!keep) box.replaceChildren();
  trick.plays.forEach((play, index) => {
    if (keep && index < shown.length) {
      box.children[index].classList.toggle("winner", play.seat === winner);
      return;
    }
    const el = document.createElement("div");
    el.className = "played from-" + position(play.seat) + (play.seat === winner ? " winner" : "");
    if (!keep) el.style.animation = "none";
    el.dataset.card = play.card;
    el.dataset.seat = play.seat;
    el.title = seatName(play.seat) + ": " + cardLabel(play.card);
    el.append(cardElement(play.card));
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
  const scores = scoresOf(view, meta.seats);
  const ranked = sides().map((side) => ({ ...side, score: scores[side.seats[0]] }))
    .sort((a, b) => b.score - a.score);
  $("standings").replaceChildren(...ranked.map((side) => {
    const item = document.createElement("li");
    item.textContent = side.name + ": " + side.score;
    if (side.seats.some((seat) => winners.includes(seat))) item.className = "won";
    return item;
  }));
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

// A choice's number, to put refused bids where they belong among the legal ones.
function numberOf(token) {
  const value = Number(String(token).split(" ")[2]);
  return Number.isFinite(value) ? value : null;
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
  if (view.phase === "over") return;
  const byCard = new Map();
  const groups = new Map();
  const group = (verb) => { if (!groups.has(verb)) groups.set(verb, []); return groups.get(verb); };
  for (const token of view.legal_actions) {
    const words = token.split(" ");
    if (CARD_VERBS.includes(words[1]) && words.length === 3 && view.hand.includes(words[2])) {
      if (!byCard.has(words[2])) byCard.set(words[2], token);
    } else {
      group(words[1]).push(token);
    }
  }
  if (myTurn()) for (const token of Object.keys(refused)) group(token.split(" ")[1]).push(token);
  const usable = online && !pending;
  const reason = whyNot(byCard.size);
  hand.dataset.phase = String(view.phase);
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
    if (tokens.every((token) => numberOf(token) !== null)) tokens.sort((a, b) => numberOf(a) - numberOf(b));
    const phrases = tokens.map((token) => say.get(token) || phraseOf(token));
    const lone = tokens.length === 1 && (phrases[0] === verb || !phrases[0]);
    if (!lone) choices.append(label);
    tokens.forEach((token, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = token;
      button.textContent = phrases[index] || verb;
      const words = phrases[index] === verb || !phrases[index] ? verb : verb + " " + phrases[index];
      const rule = refused[token];
      const why = rule ? "not allowed: " + rule : reason;
      button.setAttribute("aria-disabled", String(!usable || Boolean(rule)));
      if (rule) {
        button.classList.add("refused");
        button.title = words + ": " + why;
        button.setAttribute("aria-label", words + ", not allowed: " + rule);
      } else {
        button.setAttribute("aria-label", words);
        if (!usable) button.title = reason;
      }
      if (hinted === token) button.classList.add("hinted");
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") === "true") { showNotice(why, "why"); return; }
        move(token);
      });
      choices.append(button);
    });
  }
  const rules = myTurn() ? Object.entries(refused) : [];
  if (rules.length) {
    const note = document.createElement("p");
    note.className = "refusal";
    note.textContent = rules.map(([token, rule]) => (say.get(token) || phraseOf(token)) + " is not allowed: " + rule).join("; ");
    choices.append(note);
  }
  if (focused) {
    const again = [...hand.children, ...choices.querySelectorAll("button")]
      .find((el) => el.dataset.card === focused || el.dataset.action === focused);
    if (again) again.focus();
  }
}

// The bidding of this deal: a column per seat, the calls in order, as players said them.
function renderAuction() {
  const table = $("auction");
  const calls = dealEvents.filter((event) => {
    const words = String(event.action).split(" ");
    return event.action !== "deal" && !CARD_VERBS.includes(words[1]);
  });
  $("auction-box").hidden = calls.length === 0;
  const count = meta.seats.length;
  const cells = [];
  let at = -1;
  for (const call of calls) {
    const seat = Number(String(call.action).split(" ")[0]);
    at += 1;
    while ((at % count) !== seat) at += 1;
    cells[at] = call;
  }
  const head = tableRow(meta.seats.map((seat) => seat.name), "th");
  const rows = [];
  for (let row = 0; row * count < cells.length; row += 1) {
    const tr = document.createElement("tr");
    for (let seat = 0; seat < count; seat += 1) {
      const td = document.createElement("td");
      const call = cells[row * count + seat];
      if (call) {
        const verb = String(call.action).split(" ")[1];
        const words = phraseOf(call.action, call.said);
        td.textContent = verb === "bid" || verb === "pass" || words === verb ? words : verb.replace(/_/g, " ") + " " + words;
        td.dataset.seq = call.seq;
      }
      tr.append(td);
    }
    rows.push(tr);
  }
  table.replaceChildren(head, ...rows);
}

function renderScores() {
  const head = $("scores").querySelector("thead");
  const body = $("scores").querySelector("tbody");
  head.replaceChildren(tableRow(["", ...meta.seats.map((seat) => seat.name)], "th"));
  const rows = deals.map((row) => {
    const tr = tableRow(["deal " + row.deal], "td");
    row.scores.forEach((score, seat) => {
      const td = document.createElement("td");
      td.textContent = String(score);
      if (row.gained[seat]) {
        const change = document.createElement("small");
        change.textContent = plus(row.gained[seat]);
        td.append(change);
      }
      tr.append(td);
    });
    return tr;
  });
  body.replaceChildren(tableRow(["score", ...scoresOf(view, meta.seats)], "td"), ...rows.reverse());
}

function drawRules() {
  $("rules-title").textContent = "How to play " + meta.title;
  $("rules-text").textContent = meta.rules || "";
  $("rules-button").hidden = !meta.rules;
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
    if (play.seat === lastTrick.winner) el.classList.add("won");
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
$("rules-button").addEventListener("click", () => $("rules").showModal());
$("rules-close").addEventListener("click", () => $("rules").close());
const fourColour = $("four-colour");
fourColour.checked = localStorage.getItem("tricktaking-four-colour") === "true";
document.body.classList.toggle("four-colour", fourColour.checked);
fourColour.addEventListener("change", () => {
  localStorage.setItem("tricktaking-four-colour", String(fourColour.checked));
  document.body.classList.toggle("four-colour", fourColour.checked);
});
setInterval(drawTurn, 1000);
drawLog();
connect();
