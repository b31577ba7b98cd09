// The lobby: choose a game, its variants and who sits where; open the table.
// Seats are numbered from 0, as the table, its links and the game's messages number them.
"use strict";

let catalogue = null;
const MINE = "tricktaking-my-tables";

// A choice's words: "left_of_dealer" -> "left of dealer".
function words(text) { return String(text).replace(/_/g, " "); }

function optionInput(option) {
  const row = document.createElement("div");
  row.className = "option";
  const label = document.createElement("label");
  label.textContent = option.label || words(option.name);
  let input;
  if (option.kind === "choice" || option.kind === "optional-choice") {
    input = document.createElement("select");
    if (option.kind === "optional-choice") input.append(new Option("default", ""));
    for (const choice of option.choices) input.append(new Option(words(choice), choice));
    input.value = option.default ?? "";
  } else if (option.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(option.default);
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.min = String(option.min ?? 0);
    if (option.max !== undefined) input.max = String(option.max);
    if (option.default !== null) input.value = option.default;
    else input.placeholder = "default";
    if (option.name === "players") {   // the seats the game accepts, the suggested number first
      const range = currentGame().seat_range;
      input.min = String(range.min);
      input.max = String(range.max);
      input.value = String(range.default);
      input.addEventListener("input", drawSeats);
    }
  }
  input.name = option.name;
  input.dataset.kind = option.kind;
  label.append(input);
  row.append(label);
  if (option.help) {
    const help = document.createElement("p");
    help.className = "help";
    help.id = "help-" + option.name;
    help.textContent = option.help;
    input.setAttribute("aria-describedby", help.id);
    row.append(help);
  }
  return row;
}

function currentGame() {
  return catalogue.games.find((game) => game.name === document.getElementById("game").value);
}

function drawOptions() {
  const box = document.getElementById("options");
  box.replaceChildren(box.querySelector("legend"));
  for (const option of currentGame().options) box.append(optionInput(option));
  drawSeats();
}

function seatCount() {
  const game = currentGame();
  if (game.seats !== null) return game.seats;
  const players = document.querySelector('#options [name="players"]');
  const wanted = parseInt(players && players.value, 10);
  const range = game.seat_range;
  return Number.isNaN(wanted) ? range.default : Math.max(range.min, Math.min(range.max, wanted));
}

function drawSeats() {
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select")].map((select) => select.value);
  const oldNames = [...box.querySelectorAll("input.seat-name")].map((input) => input.value);
  box.replaceChildren(box.querySelector("legend"));
  for (let seat = 0; seat < seatCount(); seat += 1) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.textContent = "Seat " + seat;
    const select = document.createElement("select");
    select.name = "seat-" + seat;
    for (const kind of catalogue.seat_kinds) {
      select.append(new Option(kind === "human" ? "a person" : kind + " bot", kind));
    }
    select.value = old[seat] || (seat === 0 ? "human" : "heuristic");
    label.append(select);
    const name = document.createElement("input");
    name.type = "text";
    name.className = "seat-name";
    name.maxLength = 40;
    name.placeholder = "name (optional)";
    name.setAttribute("aria-label", "name of seat " + seat);
    name.value = oldNames[seat] || "";
    row.append(label, name);
    box.append(row);
  }
}

function seatNames() {
  const inputs = [...document.querySelectorAll("#seats input.seat-name")];
  if (inputs.every((input) => input.value.trim() === "")) return undefined;
  const kinds = [...document.querySelectorAll("#seats select")].map((select) => select.value);
  return inputs.map((input, seat) => input.value.trim()
    || (kinds[seat] === "human" ? "Player " : kinds[seat].replace(/^./, (c) => c.toUpperCase()) + " ") + seat);
}

function myTables() {
  try { return JSON.parse(localStorage.getItem(MINE) || "[]"); } catch (error) { return []; }
}

function drawMine() {
  const tables = myTables();
  document.getElementById("mine").hidden = tables.length === 0;
  const list = document.getElementById("my-tables");
  list.replaceChildren();
  for (const table of tables) {
    const item = document.createElement("li");
    item.append(table.title + " (" + new Date(table.opened).toLocaleString() + "): ");
    for (const seat of table.seats) {
      const anchor = document.createElement("a");
      anchor.href = seat.link;
      anchor.textContent = seat.name;
      item.append(anchor, " ");
    }
    const watch = document.createElement("a");
    watch.href = table.spectator;
    watch.textContent = "watch";
    item.append(watch);
    list.append(item);
  }
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options [name]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.name] = input.checked;
    else if (kind === "choice") options[input.name] = input.value;
    else if (kind === "optional-choice") options[input.name] = input.value === "" ? null : input.value;
    else if (input.value === "") { if (kind === "optional-int") options[input.name] = null; }
    else options[input.name] = Number(input.value);
  }
  return options;
}

// A link's words, the link (wrapping anywhere) and a button that copies it; returns the link.
function linkWithCopy(box, words, path) {
  const anchor = document.createElement("a");
  anchor.href = path;
  anchor.textContent = location.origin + path;
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "copy";
  copy.textContent = "Copy";
  copy.setAttribute("aria-label", "copy the link: " + words.replace(/: $/, ""));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(anchor.href);
    } catch (error) {                 // no clipboard here: select the link for Ctrl-C
      const range = document.createRange();
      range.selectNodeContents(anchor);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      copy.textContent = "Selected";
      return;
    }
    copy.textContent = "Copied";
    setTimeout(() => { copy.textContent = "Copy"; }, 1500);
  });
  const line = document.createElement("span");
  line.className = "link-line";
  line.append(anchor, copy);
  box.append(words, line);
  return anchor;
}

async function openTable(event) {
  event.preventDefault();
  const error = document.getElementById("error");
  error.textContent = "";
  const body = {
    game: currentGame().name,
    options: readOptions(),
    seats: [...document.querySelectorAll("#seats select")].map((select) => select.value),
  };
  const names = seatNames();
  if (names) body.names = names;
  const answer = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" } });
  const data = await answer.json();
  if (!answer.ok) { error.textContent = data.message; return; }
  document.getElementById("table-id").textContent = data.table;
  const list = document.getElementById("seat-links");
  list.replaceChildren();
  for (const seat of data.seats) {
    const item = document.createElement("li");
    if (seat.link) {
      const anchor = linkWithCopy(item, `Seat ${seat.seat} (${seat.name}): `, seat.link);
      anchor.className = "seat-link";
      anchor.dataset.seat = seat.seat;
    } else {
      item.append(`Seat ${seat.seat}: ${seat.name} (${seat.kind} bot)`);
    }
    list.append(item);
  }
  const spectator = document.getElementById("spectator");
  spectator.replaceChildren();
  linkWithCopy(spectator, "Spectators (public information only): ", data.spectator).id = "spectator-link";
  document.getElementById("links").hidden = false;
  const kept = [{ title: currentGame().title, opened: Date.now(), spectator: data.spectator,
    seats: data.seats.filter((seat) => seat.link).map((seat) => ({ name: seat.name, link: seat.link })) },
    ...myTables()].slice(0, 20);
  localStorage.setItem(MINE, JSON.stringify(kept));
  drawMine();
}

async function start() {
  catalogue = await (await fetch("/api/games")).json();
  document.getElementById("protocol").textContent = "protocol v" + catalogue.protocol;
  const select = document.getElementById("game");
  for (const game of catalogue.games) select.append(new Option(game.title, game.name));
  select.addEventListener("change", drawOptions);
  document.getElementById("create").addEventListener("submit", openTable);
  drawOptions();
  drawMine();
}

start();
