// The replay viewer of a finished game: every state of the record, all hands face up, and
// the log up to the step shown, in the words of the table page's log.
"use strict";

const replayLink = decodeURIComponent(location.pathname.split("/").pop());
let frames = [];
let seats = [];
let lines = [];     // per step: the log lines its action added
let at = 0;
let marks = new Map();  // step -> the review's entry for the move that made it
const $ = (id) => document.getElementById(id);
const nameOf = (seat) => seats[seat] ?? "seat " + seat;

// What a player said for a token, read from the step that played it.
function saidFor(token) {
  const frame = frames.find((step) => step.action === token);
  return frame ? frame.said : null;
}

function show(index) {
  at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[at];
  $("slider").value = String(at);
  $("position").textContent = `step ${at} of ${frames.length - 1}`;
  document.body.dataset.step = String(at);
  $("action").textContent = frame.action === null ? "start" : lines[at].join(" · ");
  const facts = $("facts");
  facts.replaceChildren();
  for (const [label, card] of [["turn-up", frame.turn_up], ["centre", frame.centre]]) {
    if (card) facts.append(label + " ", cardElement(card, { small: true }), " ");
  }
  const played = frame.trick.plays.length > 0 || frame.tricks.length > 0;
  if (frame.trump) facts.append("trump " + suitSymbol(frame.trump) + " " + suitName(frame.trump));
  else if ("trump" in frame && played) facts.append("no trump");
  if (typeof frame.contract === "string") {
    const holder = Number(frame.contract.split(" ")[0]);
    facts.append(" · contract " + phraseOf(frame.contract, saidFor(frame.contract)) + ", " + nameOf(holder));
  } else if (frame.contract !== null && frame.contract !== undefined) {
    facts.append(" · contract " + frame.contract + (Number.isInteger(frame.bidder) ? ", " + nameOf(frame.bidder) : ""));
  }
  const hands = $("hands");
  hands.replaceChildren();
  frame.hands.forEach((hand, seat) => {
    const row = document.createElement("div");
    row.className = "hand-row" + (frame.actor === seat ? " acting" : "");
    row.dataset.seat = seat;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = seats[seat];
    row.append(name, ...hand.map((card) => cardElement(card, { small: true })));
    hands.append(row);
  });
  const trick = frame.trick.plays.length || !frame.tricks.length ? frame.trick : frame.tricks[frame.tricks.length - 1];
  $("trick").replaceChildren(...trick.plays.map((play) => {
    const el = cardElement(play.card);
    el.title = nameOf(play.seat) + ": " + cardLabel(play.card);
    return el;
  }));
  $("scores").querySelector("thead").replaceChildren(tableRow(["", ...seats], "th"));
  $("scores").querySelector("tbody").replaceChildren(tableRow(["score", ...scoresOf(frame, seats)], "td"));
  drawLog();
  const current = marks.get(at);
  if (current) $("action").append(" " + current.mark);
  for (const item of $("review").querySelectorAll("li[data-step]")) {
    item.classList.toggle("current", item.dataset.step === String(at));
  }
}

const MARKS = { best: "✓", inaccuracy: "?", blunder: "??" };
const WHY = { too_large: "not solved: hands too large", out_of_time: "not solved: out of time" };

// One review entry: a button that jumps to the step the move made.
function reviewItem(step, mark, verdict, text, title) {
  const item = document.createElement("li");
  item.dataset.step = String(step);
  item.className = verdict;
  const button = document.createElement("button");
  button.type = "button";
  const sign = document.createElement("span");
  sign.className = "mark";
  sign.textContent = mark;
  const words = document.createElement("span");
  words.textContent = text;
  button.title = title;
  button.append(sign, words);
  button.addEventListener("click", () => show(step));
  item.append(button);
  marks.set(step, { mark, title });
  return item;
}

// The move in the log's words ("Ann plays Q♥"): the first line its step added.
const moveWords = (index, fallback) => lines[index + 1]?.[0] ?? fallback;

function playEntry(play) {
  const who = moveWords(play.index, nameOf(play.seat) + " " + cardLabel(play.card));
  if (play.verdict === null) return reviewItem(play.index + 1, "·", "unsolved", who, WHY[play.status] ?? "not solved");
  const title = play.verdict === "best" ? "best play (value " + play.value + ")"
    : "value " + play.best + " → " + play.value + "; best: " + play.best_cards.map(cardLabel).join(", ");
  return reviewItem(play.index + 1, MARKS[play.verdict], play.verdict, who, title);
}

function bidEntry(bid) {
  const who = moveWords(bid.index, nameOf(bid.seat) + ": " + bid.action);
  if (bid.value === null) return reviewItem(bid.index + 1, "·", "unsolved", who, WHY[bid.status] ?? "not solved");
  const title = "value " + bid.value + " at the first lead"
    + (bid.forcible === null ? "" : "; could force " + (bid.forcible.join(", ") || "none"));
  // Only a bid of a number of tricks has a verdict: whether that total could be forced.
  if (bid.makeable === null) return reviewItem(bid.index + 1, "·", "call", who, title);
  const verdict = bid.makeable ? "best" : "blunder";
  return reviewItem(bid.index + 1, MARKS[verdict], verdict, who, title);
}

async function loadReview() {
  let answer, data;
  try {
    answer = await fetch("/api/review/" + encodeURIComponent(replayLink));
    data = await answer.json();
  } catch (error) {
    $("review-status").textContent = "The review could not be computed; reload to try again.";
    return;
  }
  if (!answer.ok) { $("review-status").textContent = data.message; return; }
  const list = $("review");
  for (const deal of data.review.deals) {
    const head = document.createElement("li");
    head.className = "deal";
    head.textContent = "Deal " + deal.number + (deal.par ? " · par " + deal.par.join(" / ") : "");
    list.append(head, ...deal.bids.map(bidEntry), ...deal.plays.map(playEntry));
  }
  $("review-status").textContent = "Each move against perfect play with every hand known, "
    + "up to " + data.review.max_cards_left + " cards a hand: ✓ best, ? inaccuracy, ?? blunder.";
  show(at);
  document.body.dataset.reviewed = "true";
}

function drawLog() {
  const list = $("log");
  list.replaceChildren();
  for (let step = 1; step <= at; step += 1) {
    for (const text of lines[step]) {
      const item = document.createElement("li");
      item.dataset.seq = String(frames[step].seq);
      item.textContent = text;
      list.append(item);
    }
  }
  list.scrollTop = list.scrollHeight;
}

async function start() {
  const answer = await fetch("/api/replay/" + encodeURIComponent(replayLink));
  const data = await answer.json();
  if (!answer.ok) { $("notice").textContent = data.message; return; }
  frames = data.frames;
  seats = data.record.seats;
  lines = frames.map((frame, step) => step === 0 ? []
    : eventLines(frame.action, frame.said, frames[step - 1], frame, nameOf));
  $("title").textContent = data.title + " · replay";
  $("slider").max = String(frames.length - 1);
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(frames.length - 1));
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") show(at + 1);
    if (event.key === "ArrowLeft") show(at - 1);
  });
  show(0);
  document.body.dataset.ready = "true";
  loadReview();
}

start();
