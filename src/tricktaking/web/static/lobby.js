// The lobby: choose a game, its variants and who sits where; open the table.
"use strict";

let catalogue = null;

function optionInput(option) {
  const label = document.createElement("label");
  label.textContent = option.name.replace(/_/g, " ");
  let input;
  if (option.kind === "choice") {
    input = document.createElement("select");
    for (const choice of option.choices) input.append(new Option(choice, choice));
    input.value = option.default;
  } else if (option.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(option.default);
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.min = option.name === "players" ? "2" : "0";
    if (option.default !== null) input.value = option.default;
    else if (option.name === "players") input.value = "3";
    else input.placeholder = "default";
    input.addEventListener("input", drawSeats);
  }
  input.name = option.name;
  input.dataset.kind = option.kind;
  label.append(input);
  return label;
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
  return Math.max(0, Math.min(8, parseInt(players && players.value, 10) || 0));
}

function drawSeats() {
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select")].map((select) => select.value);
  box.replaceChildren(box.querySelector("legend"));
  for (let seat = 0; seat < seatCount(); seat += 1) {
    const label = document.createElement("label");
    label.textContent = "Seat " + seat;
    const select = document.createElement("select");
    select.name = "seat-" + seat;
    for (const kind of catalogue.seat_kinds) select.append(new Option(kind, kind));
    select.value = old[seat] || (seat === 0 ? "human" : "heuristic");
    label.append(select);
    box.append(label);
  }
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options [name]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.name] = input.checked;
    else if (kind === "choice") options[input.name] = input.value;
    else if (input.value === "") { if (kind === "optional-int") options[input.name] = null; }
    else options[input.name] = Number(input.value);
  }
  return options;
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
      const anchor = document.createElement("a");
      anchor.href = seat.link;
      anchor.textContent = location.origin + seat.link;
      anchor.className = "seat-link";
      anchor.dataset.seat = seat.seat;
      item.append(`Seat ${seat.seat} (${seat.name}): `, anchor);
    } else {
      item.append(`Seat ${seat.seat}: ${seat.name} (${seat.kind} bot)`);
    }
    list.append(item);
  }
  const spectator = document.getElementById("spectator-link");
  spectator.href = data.spectator;
  spectator.textContent = location.origin + data.spectator;
  document.getElementById("links").hidden = false;
}

async function start() {
  catalogue = await (await fetch("/api/games")).json();
  document.getElementById("protocol").textContent = "protocol v" + catalogue.protocol;
  const select = document.getElementById("game");
  for (const game of catalogue.games) select.append(new Option(game.title, game.name));
  select.addEventListener("change", drawOptions);
  document.getElementById("create").addEventListener("submit", openTable);
  drawOptions();
}

start();
