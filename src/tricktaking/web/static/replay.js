// The replay viewer of a finished game: every state of the record, all hands face up.
"use strict";

const replayLink = decodeURIComponent(location.pathname.split("/").pop());
let frames = [];
let seats = [];
let at = 0;
const $ = (id) => document.getElementById(id);

function show(index) {
  at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[at];
  $("slider").value = String(at);
  $("position").textContent = `step ${at} of ${frames.length - 1}`;
  document.body.dataset.step = String(at);
  $("action").textContent = frame.action === null ? "start" : frame.action === "deal" ? "deal " + roundNumber(frame) : prettyAction(frame.action);
  const facts = $("facts");
  facts.replaceChildren();
  for (const [label, card] of [["turn-up", frame.turn_up], ["centre", frame.centre]]) {
    if (card) facts.append(label + " ", cardElement(card, { small: true }), " ");
  }
  if ("trump" in frame) facts.append("trump " + suitSymbol(frame.trump));
  if (frame.contract) facts.append(" · contract " + prettyAction(frame.contract));
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
    el.title = seats[play.seat] + ": " + cardLabel(play.card);
    return el;
  }));
  $("scores").querySelector("thead").replaceChildren(tableRow(["", ...seats], "th"));
  $("scores").querySelector("tbody").replaceChildren(tableRow(["score", ...scoresOf(frame, seats)], "td"));
}

async function start() {
  const answer = await fetch("/api/replay/" + encodeURIComponent(replayLink));
  const data = await answer.json();
  if (!answer.ok) { $("notice").textContent = data.message; return; }
  frames = data.frames;
  seats = data.record.seats;
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
}

start();
