// The page of `boardgames serve`: a lobby and a match, using only the JSON API
// of docs/web.md. A move is built by clicking its squares in the order of the
// notation (origin, destination, then each piece to flip), as the action
// encoding does: the squares that continue a legal move are highlighted.
"use strict";

const $ = (selector) => document.querySelector(selector);
const MOVE = /^([a-z][0-9]+)(?:-([a-z][0-9]+))?((?:x[a-z][0-9]+)*)$/;

let games = [];
let current = null;      // the match as GET /api/matches/{id} describes it
let tokens = {};         // this browser's seats in it: player -> token
let chosen = [];         // the squares of the move being built
let lookback = null;     // the ply shown when looking back, else null
let stream = null;
let hinted = [];
let drawn = "";          // which position the board shows: redrawn only when it changes

// -- talking to the server ---------------------------------------------------
async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["authorization"] = "Bearer " + token;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text) { $("#message").textContent = text || ""; }

// -- the lobby -----------------------------------------------------------------
async function showLobby() {
  if (stream) { stream.close(); stream = null; }
  current = null;
  $("#play").hidden = true;
  $("#lobby").hidden = false;
  document.title = "boardgames";
  if (!games.length) {
    games = await api("GET", "/api/games");
    $("#game").innerHTML = "";
    for (const game of games) $("#game").add(new Option(game.title, game.name));
  }
  showOptions();
}

function showOptions() {
  const game = games.find((g) => g.name === $("#game").value) || games[0];
  $("#game-summary").textContent = game.summary;
  const box = $("#options");
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (const option of game.options) {
    const label = document.createElement("label");
    label.textContent = option.name + " ";
    let input;
    if (option.choices) {
      input = document.createElement("select");
      for (const choice of option.choices) input.add(new Option(choice, choice, false, choice === option.default));
    } else {
      input = document.createElement("input");
      input.placeholder = option.default === null ? "from the seed" : String(option.default);
    }
    input.name = option.name;
    input.title = option.help + " (" + option.accepts + ")";
    label.append(input);
    box.append(label);
  }
  box.hidden = game.options.length === 0;
  // The computer: the game's levels (docs/strength.md), or any agent spec.
  const agent = $("#agent");
  agent.innerHTML = "";
  for (const level of game.levels) {
    agent.add(new Option("level " + level.level + " (" + level.name + "): " + level.spec, level.spec, false, level.level === 4));
  }
  agent.add(new Option("another agent spec…", "other"));
  $("#spec-label").hidden = true;
}

async function startGame(event) {
  event.preventDefault();
  const game = games.find((g) => g.name === $("#game").value);
  const options = {};
  for (const input of $("#options").querySelectorAll("input, select")) {
    if (input.value !== "") options[input.name] = input.value;
  }
  const opponent = $("#opponent").value;
  let other = "human";
  if (opponent === "computer") other = $("#agent").value === "other" ? $("#spec").value.trim() : $("#agent").value;
  const players = $("#seat").value === "0" ? ["human", other] : [other, "human"];
  const body = { game: game.name, options, players };
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = /^-?[0-9]+$/.test(seed) ? Number(seed) : seed;
  try {
    const created = await api("POST", "/api/matches", body);
    keepSeats(created.id, created.seats, opponent === "invite" ? 1 : 2);
    location.hash = "match=" + created.id;
  } catch (error) { say(error.message); alert(error.message); }
}

async function uploadRecord(event) {
  event.preventDefault();
  const file = $("#upload").files[0];
  if (!file) return;
  try {
    const record = JSON.parse(await file.text());
    const created = await api("POST", "/api/matches", { record });
    keepSeats(created.id, created.seats, 2);
    location.hash = "match=" + created.id;
  } catch (error) { alert(error.message); }
}

// The seats this browser plays: all of them at one screen; with an invite
// link, the first person's seat here and the other one's in the link.
function keepSeats(id, seats, keep) {
  const players = Object.keys(seats);
  const mine = {};
  players.slice(0, keep).forEach((p) => { mine[p] = seats[p]; });
  localStorage.setItem("boardgames:" + id, JSON.stringify(mine));
  const invited = players.slice(keep);
  if (invited.length) {
    const p = invited[0];
    sessionStorage.setItem("boardgames:invite:" + id, location.origin + "/#match=" + id + "&seat=" + encodeURIComponent(p) + "&token=" + seats[p]);
  }
}

// -- a match -----------------------------------------------------------------------
async function openMatch(id, params) {
  $("#lobby").hidden = true;
  $("#play").hidden = false;
  if (params.get("token")) {  // an invite link: keep the seat, then drop the token from the address
    const mine = JSON.parse(localStorage.getItem("boardgames:" + id) || "{}");
    mine[params.get("seat")] = params.get("token");
    localStorage.setItem("boardgames:" + id, JSON.stringify(mine));
    history.replaceState(null, "", "#match=" + id);
  }
  tokens = JSON.parse(localStorage.getItem("boardgames:" + id) || "{}");
  chosen = []; lookback = null; hinted = [];
  current = null;
  try {
    if (!games.length) games = await api("GET", "/api/games");  // the game's words, for a page opened on a match
    accept(await api("GET", "/api/matches/" + id));
  } catch (error) { say(error.message); return; }
  if (stream) stream.close();
  stream = new EventSource("/api/matches/" + id + "/events");
  stream.addEventListener("match", (event) => accept(JSON.parse(event.data)));
}

// Answers and events may arrive out of order: only a newer version is shown.
function accept(match) {
  if (current && current.id === match.id && match.version <= current.version) return;
  show(match);
}

function myTurn() {
  return current && !current.result && lookback === null && tokens[current.to_move] !== undefined;
}

function tokenFor(player) {
  return tokens[player] || Object.values(tokens)[0];
}

async function show(match) {
  const changed = !current || current.id !== match.id || current.state.history.length !== match.state.history.length;
  current = match;
  if (changed) { chosen = []; hinted = []; }
  const state = match.state;
  document.title = state.game + " · boardgames";
  const status = $("#status");
  status.classList.toggle("thinking", match.thinking);
  if (match.result) status.textContent = match.result;
  else if (match.thinking) status.textContent = match.to_move + " (" + match.players[match.to_move] + ") is thinking";
  else status.textContent = match.to_move + " to move" + (tokens[match.to_move] ? " (you)" : "");
  const hand = Object.entries(match.in_hand || {});
  const placing = hand.some(([, n]) => n > 0);  // once all are placed, nothing to say
  $("#hand").textContent = placing ? "To place: " + hand.map(([p, n]) => p + " " + n).join(", ") : "";
  const list = $("#moves");
  list.innerHTML = "";
  state.history.forEach((text, index) => {
    const item = document.createElement("li");
    item.append((index + 1) + ". ");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.title = "the position after move " + (index + 1);
    button.addEventListener("click", () => { lookback = index + 1; drawBoard(); });
    item.append(button);
    list.append(item);
  });
  $("#download").href = "/api/matches/" + match.id + "/record";
  const seats = Object.keys(tokens).length;
  $("#undo").disabled = $("#resign").disabled = seats === 0 || Boolean(match.result);
  $("#hint").disabled = !myTurn();
  showTakeback(match);
  $("#pass").hidden = !(myTurn() && state.legal_moves.includes("pass"));
  $("#typed").hidden = seats === 0;
  const links = $("#links");
  links.innerHTML = "";
  const invite = sessionStorage.getItem("boardgames:invite:" + match.id);
  if (invite && !match.result) addLink(links, "Invite link (the other player's seat)", invite, "invite-link");
  addLink(links, "Spectator link", location.origin + "/#match=" + match.id, "watch-link");
  if (boardKey() !== drawn) {
    for (const square of $("#board").querySelectorAll(".square")) square.classList.remove("next", "chosen", "hinted");
    await drawBoard();
  } else highlight();
}

function boardKey() {
  return [current.id, current.state.history.join(" "), current.result || "", lookback].join("|");
}

function addLink(parent, label, url, id) {
  const wrap = document.createElement("label");
  wrap.textContent = label + " ";
  const input = document.createElement("input");
  input.readOnly = true; input.value = url; input.id = id;
  wrap.append(input);
  parent.append(wrap);
}

async function drawBoard() {
  const match = current;
  const query = lookback === null ? "?v=" + match.version : "?ply=" + lookback;
  $("#lookback").hidden = lookback === null;
  $("#lookback-ply").textContent = lookback === null ? "" : String(lookback);
  const key = boardKey();
  const response = await fetch("/api/matches/" + match.id + "/board.svg" + query);
  const svg = await response.text();
  if (match !== current || key !== boardKey()) return;  // a newer state arrived meanwhile
  $("#board").innerHTML = svg;
  drawn = key;
  for (const square of $("#board").querySelectorAll("[data-square]")) {
    if (square.classList.contains("square")) square.addEventListener("click", () => clicked(square.dataset.square));
  }
  highlight();
}

// -- building a move by clicks -------------------------------------------------------
function squaresOf(text) {
  const found = MOVE.exec(text);
  if (!found) return null;
  const marks = found[3] ? found[3].split("x").slice(1) : [];
  return found[2] ? [found[1], found[2], ...marks] : [found[1], ...marks];
}

function candidates() {
  return current.state.legal_moves
    .map((text) => ({ text, squares: squaresOf(text), step: text.includes("-") }))
    .filter((m) => m.squares && chosen.every((sq, i) => m.squares[i] === sq));
}

function highlight() {
  const moving = myTurn();
  const open = moving ? candidates() : [];
  const next = new Set(open.filter((m) => m.squares.length > chosen.length).map((m) => m.squares[chosen.length]));
  for (const square of $("#board").querySelectorAll(".square")) {
    const name = square.dataset.square;
    square.classList.toggle("next", next.has(name));
    square.classList.toggle("chosen", chosen.includes(name));
    square.classList.toggle("hinted", hinted.includes(name));
  }
  const done = open.filter((m) => m.squares.length === chosen.length);
  $("#choice").hidden = !(done.length === 1 && next.size > 0);
  if (done.length === 1) $("#as-is").textContent = "Play " + done[0].text + " as it is";
  let prompt = "";
  if (moving && next.size) {
    const first = open.find((m) => m.squares.length > chosen.length);
    const role = chosen.length === 0 ? (first.step ? "origin" : "to") : (first.step && chosen.length === 1 ? "to" : "mark");
    const words = wordsOf(current.state.game);  // the game's own prompts (docs/api.md: Words)
    prompt = { origin: words.pick_origin, to: chosen.length ? words.pick_to : words.pick_square, mark: words.pick_mark }[role];
  }
  $("#prompt").textContent = prompt;
}

function wordsOf(name) {
  const game = games.find((g) => g.name === name);
  return (game && game.words) || {};
}

function clicked(square) {
  if (!myTurn()) return;
  say("");
  const open = candidates();
  if (!open.some((m) => m.squares[chosen.length] === square)) {
    if (chosen.length) { chosen = []; if (candidates().some((m) => m.squares[0] === square)) clicked(square); else highlight(); }
    return;
  }
  chosen.push(square);
  const left = candidates();
  if (left.length === 1 && left[0].squares.length === chosen.length) { play(left[0].text); return; }
  highlight();
}

async function play(text) {
  const player = current.to_move;
  chosen = [];
  try {
    accept(await api("POST", "/api/matches/" + current.id + "/moves", { move: text }, tokenFor(player)));
  } catch (error) { say(error.message); highlight(); }
}

async function act(action) {
  try {
    const player = action === "undo" ? lastPersonToMove() : current.to_move;
    const data = await api("POST", "/api/matches/" + current.id + "/" + action, undefined, tokenFor(player));
    if (action === "hint") {
      hinted = squaresOf(data.move) || [];
      say("Hint: " + data.move);
      highlight();
    } else {
      if (action === "undo" && data.takeback) say("Asked the other player to let you take back your move.");
      accept(data);
    }
  } catch (error) { say(error.message); }
}

// A takeback between two people needs the other's consent: the page of the
// other seat (or the same screen, in hot-seat) answers it.
function answerer(match) {
  const asker = match.takeback && match.takeback.by;
  return Object.keys(tokens).find((player) => player !== asker && match.players[player] === "human");
}

function showTakeback(match) {
  const asked = Boolean(match.takeback) && !match.result;
  const mine = asked && answerer(match) !== undefined;
  $("#takeback").hidden = !asked;
  $("#takeback-accept").hidden = $("#takeback-decline").hidden = !mine;
  $("#takeback-text").textContent = !asked ? "" : mine
    ? match.takeback.by + " asks to take back their last move."
    : "Waiting for the other player to answer your takeback request.";
}

async function answerTakeback(accepted) {
  try {
    const body = { accept: accepted, ply: current.takeback.ply };  // this request, not a later one
    const data = await api("POST", "/api/matches/" + current.id + "/takeback/answer", body, tokenFor(answerer(current)));
    say(accepted ? "Moves taken back." : "Takeback declined.");
    accept(data);
  } catch (error) { say(error.message); }
}

// Undo goes back to the previous turn of a seat of this browser: the last one that moved.
function lastPersonToMove() {
  const players = current.state.players;
  const history = current.state.history;
  for (let k = history.length - 1; k >= 0; k--) {
    const mover = players[k % players.length];
    if (tokens[mover]) return mover;
  }
  return Object.keys(tokens)[0];
}

// -- wiring ----------------------------------------------------------------------
function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("match")) openMatch(params.get("match"), params);
  else showLobby();
}

window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", () => {
  $("#game").addEventListener("change", showOptions);
  $("#agent").addEventListener("change", () => { $("#spec-label").hidden = $("#agent").value !== "other"; });
  $("#opponent").addEventListener("change", () => { $("#agent-label").hidden = $("#opponent").value !== "computer"; });
  $("#new-game").addEventListener("submit", startGame);
  $("#upload-form").addEventListener("submit", uploadRecord);
  $("#typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("#typed-move").value.trim();
    if (text && current && tokens[current.to_move]) { $("#typed-move").value = ""; play(text); }
    else if (current) say("It is not your turn.");
  });
  $("#as-is").addEventListener("click", () => { const done = candidates().filter((m) => m.squares.length === chosen.length); if (done.length === 1) play(done[0].text); });
  $("#pass").addEventListener("click", () => play("pass"));
  $("#undo").addEventListener("click", () => act("undo"));
  $("#hint").addEventListener("click", () => act("hint"));
  $("#takeback-accept").addEventListener("click", () => answerTakeback(true));
  $("#takeback-decline").addEventListener("click", () => answerTakeback(false));
  $("#resign").addEventListener("click", () => { if (confirm("Resign this game?")) act("resign"); });
  $("#new").addEventListener("click", () => { location.hash = ""; });
  $("#back-to-game").addEventListener("click", () => { lookback = null; drawBoard(); });
  route();
});
