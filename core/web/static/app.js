// The page of `boardgames serve`: a lobby and a match, using only the JSON API
// of docs/web.md. A move is built by clicking its parts in the order of the
// notation (the piece to move, where it goes, then each square it flips or
// shoots), as the action encoding does: the squares that continue a legal
// move are highlighted.
"use strict";

const $ = (selector) => document.querySelector(selector);
const MOVE = /^([a-z][0-9]+)(?:-([a-z][0-9]+))?((?:x[a-z][0-9]+)*)$/;

let games = [];
let current = null;      // the match as GET /api/matches/{id} describes it
let tokens = {};         // this browser's seats in it: player -> token
let chosen = [];         // the squares of the move being built
let roles = [];          // what each of them is: "origin", "to" or "mark"
let following = null;    // the parts that may follow them (null: being asked)
let edits = 0;           // counts changes to the choice: a late answer about an old one is dropped
let lookback = null;     // the ply shown when looking back, else null
let stream = null;
let hinted = [];
let drawn = "";          // which position the board shows: redrawn only when it changes
let review = null;       // the review of this finished match (GET .../review), once asked
const MARKS = { "inaccuracy": "?!", "mistake": "?", "blunder": "??", "missed win": " missed win" };
const SVG = "http://www.w3.org/2000/svg";

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
  // The computer: the game's levels (measured on it, or a generic ladder that was not), or any agent spec.
  const agent = $("#agent");
  agent.innerHTML = "";
  const unmeasured = game.levels_measured ? "" : " (not measured for this game)";
  for (const level of game.levels) {
    agent.add(new Option("level " + level.level + " (" + level.name + "): " + level.spec + unmeasured, level.spec, false, level.level === 4));
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
  clearChoice(); lookback = null; hinted = []; review = null;
  $("#review-view").hidden = true; $("#review-status").textContent = "";
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
  if (changed) { clearChoice(); hinted = []; }
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
    button.addEventListener("click", () => lookAt(index + 1));
    item.append(button);
    const judged = review && review.plies[index];
    if (judged && judged.label) {
      const mark = document.createElement("span");
      mark.className = "mark " + judged.label.replace(" ", "-");
      mark.textContent = MARKS[judged.label];
      mark.title = judged.label + ": best was " + judged.best;
      item.append(mark);
    }
    if (lookback === index + 1) item.classList.add("selected");
    list.append(item);
  });
  $("#download").href = "/api/matches/" + match.id + "/record";
  const seats = Object.keys(tokens).length;
  $("#undo").disabled = $("#resign").disabled = seats === 0 || Boolean(match.result);
  $("#hint").disabled = !myTurn();
  showTakeback(match);
  $("#pass").hidden = !(myTurn() && state.parts.can_pass);
  $("#typed").hidden = seats === 0;
  $("#review-box").hidden = !match.result || state.history.length === 0;
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
  const query = (lookback === null ? "?v=" + match.version : "?ply=" + lookback) + (review ? "&squares=1" : "");
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

// -- looking back, and the review of a finished game -----------------------------------
function lookAt(ply) {
  lookback = ply;
  for (const [index, item] of [...$("#moves").children].entries()) item.classList.toggle("selected", index + 1 === ply);
  if (review) showReviewPly();
  drawBoard();
}

async function fetchReview() {
  const match = current;
  $("#review").disabled = true;
  $("#review-status").textContent = "Reviewing the game…";
  $("#review-status").classList.add("thinking");
  try {
    const data = await api("GET", "/api/matches/" + match.id + "/review");
    if (current !== match && (!current || current.id !== match.id)) return;
    review = data;
    $("#review-status").textContent = "";
    show(current);
    drawReview();
    lookAt(lookback);
  } catch (error) {
    $("#review-status").textContent = error.message;
  } finally {
    $("#review").disabled = false;
    $("#review-status").classList.remove("thinking");
  }
}

// The win chance of the first player after each move, as an inline SVG graph: a point per move, clickable.
function drawReview() {
  const plies = review.plies;
  const first = current.state.players[0];
  const width = 320, height = 110, pad = 8;
  const x = (ply) => pad + (width - 2 * pad) * ply / Math.max(plies.length, 1);
  const y = (win) => pad + (height - 2 * pad) * (1 - win / 100);
  const node = (name, attributes) => {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  };
  const svg = node("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": "win chance of " + first });
  svg.append(node("line", { class: "even", x1: pad, x2: width - pad, y1: y(50), y2: y(50) }));
  const wins = plies.map((p) => (p.player === first ? p.win : 100 - p.win));
  const points = [[x(0), y(50)], ...wins.map((w, i) => [x(i + 1), y(w)])];
  svg.append(node("polyline", { class: "curve", points: points.map((p) => p.join(",")).join(" ") }));
  plies.forEach((ply, i) => {
    const labelled = ply.label ? " " + ply.label.replace(" ", "-") : "";
    const point = node("circle", { class: "point" + labelled, cx: x(i + 1), cy: y(wins[i]), r: ply.label ? 5 : 3.5 });
    point.dataset.ply = String(ply.ply);
    const title = node("title", {});
    title.textContent = ply.ply + ". " + ply.move + (ply.label ? " (" + ply.label + ")" : "") + ": " + first + " " + Math.round(wins[i]) + "%";
    point.append(title);
    point.addEventListener("click", () => lookAt(ply.ply));
    svg.append(point);
  });
  $("#review-graph").innerHTML = "";
  $("#review-graph").append(svg);
  $("#review-first").textContent = first;
  const summary = $("#review-summary");
  summary.innerHTML = "";
  for (const [player, counts] of Object.entries(review.summary)) {
    const item = document.createElement("li");
    item.textContent = player + ": accuracy " + counts.accuracy + ", " + counts.inaccuracies + " inaccuracies, " +
      counts.mistakes + " mistakes, " + counts.blunders + " blunders, " + counts.missed_wins + " missed wins";
    summary.append(item);
  }
  $("#review-view").hidden = false;
}

function showReviewPly() {
  for (const point of $("#review-graph").querySelectorAll(".point")) {
    point.classList.toggle("selected", Number(point.dataset.ply) === lookback);
  }
  const ply = lookback ? review.plies[lookback - 1] : null;
  let text = "";
  if (ply) {
    const source = ply.source === "solver" ? "exact" : "estimated";
    text = ply.ply + ". " + ply.player + " played " + ply.move + (ply.label ? " (" + ply.label + ")" : "") +
      ": " + ply.player + "'s win chance " + Math.round(ply.win) + "% (" + source + ").";
    if (ply.best && ply.best !== ply.move) text += " Best was " + ply.best + " (shown), line " + ply.line.join(" ") + ".";
    else if (ply.best) text += " The best move.";
  }
  $("#review-ply").textContent = text;
}

// -- building a move by clicks -------------------------------------------------------
// A move is made part by part (docs/web.md): the piece to move (its origin),
// where it goes (to), then each square it marks. The parts that may come
// first are the state's `parts`; after each click, those that may follow come
// from the legal moves where the state lists them, else from the server
// (GET /api/matches/{id}/parts?move=...: Amazons lists no whole moves).
function squaresOf(text) {
  const found = MOVE.exec(text);
  if (!found) return null;
  const marks = found[3] ? found[3].split("x").slice(1) : [];
  return found[2] ? [found[1], found[2], ...marks] : [found[1], ...marks];
}

// The move being made, in the notation: "d1" (a piece picked, or a placement), "d1-d7", "d1-d7xg7".
function moveText(squares, kinds) {
  let text = "";
  squares.forEach((square, i) => {
    if (kinds[i] === "origin") text = square;
    else if (kinds[i] === "to") text = text ? text + "-" + square : square;
    else text += "x" + square;
  });
  return text;
}

// The parts that may follow the squares chosen so far; null while the server is asked.
function partsNow() {
  if (!current) return null;
  return chosen.length ? following : current.state.parts;
}

// What `square` would be in the move: the piece to move where it may be one.
function roleOf(parts, square) {
  if (!parts) return null;
  if (parts.origins.includes(square)) return "origin";
  if (parts.targets.includes(square)) return "to";
  if (parts.marks.includes(square)) return "mark";
  return null;
}

// What may follow a move being made, among the state's legal moves (as boardgames.parts.from_moves).
function partsAmong(texts, squares, kinds) {
  const parts = { origins: [], targets: [], marks: [], complete: false, can_pass: false };
  const add = (list, square) => { if (!list.includes(square)) list.push(square); };
  const origin = squares[kinds.indexOf("origin")] || null;
  const to = squares[kinds.indexOf("to")] || null;
  const marks = squares.filter((_, i) => kinds[i] === "mark");
  for (const text of texts) {
    if (text === "pass") { parts.can_pass = !squares.length; continue; }
    const found = MOVE.exec(text);
    if (!found) continue;
    const move = found[2]
      ? { origin: found[1], to: found[2], marks: found[3] ? found[3].split("x").slice(1) : [] }
      : { origin: null, to: found[1], marks: found[3] ? found[3].split("x").slice(1) : [] };
    if (!squares.length) add(move.origin ? parts.origins : parts.targets, move.origin || move.to);
    else if (!to) { if (move.origin === origin) add(parts.targets, move.to); }
    else if (move.origin === origin && move.to === to && marks.every((m, i) => move.marks[i] === m)) {
      if (move.marks.length === marks.length) parts.complete = true;
      else add(parts.marks, move.marks[marks.length]);
    }
  }
  return parts;
}

async function partsAfter(match, squares, kinds) {
  if (match.state.legal_moves) return partsAmong(match.state.legal_moves, squares, kinds);
  const text = encodeURIComponent(moveText(squares, kinds));
  return api("GET", "/api/matches/" + match.id + "/parts?move=" + text);
}

function clearChoice() {
  chosen = []; roles = []; following = null; edits += 1;
}

function highlight() {
  const judged = review && lookback ? review.plies[lookback - 1] : null;
  const best = judged && judged.best ? squaresOf(judged.best) || [] : [];
  const moving = myTurn();
  const parts = moving ? partsNow() : null;
  const next = new Set(parts ? [...parts.origins, ...parts.targets, ...parts.marks] : []);
  for (const square of $("#board").querySelectorAll(".square")) {
    const name = square.dataset.square;
    square.classList.toggle("next", next.has(name));
    square.classList.toggle("chosen", chosen.includes(name));
    square.classList.toggle("hinted", hinted.includes(name));
    square.classList.toggle("best", best.includes(name));
  }
  $("#board").classList.toggle("waiting", moving && chosen.length > 0 && !parts);
  // A whole move that may go on (a flip or a shot it may still choose): offered as it is.
  const whole = Boolean(parts && chosen.length && parts.complete && next.size);
  $("#choice").hidden = !whole;
  if (whole) $("#as-is").textContent = "Play " + moveText(chosen, roles) + " as it is";
  let prompt = "";
  if (parts && next.size) {
    const words = wordsOf(current.state.game);  // the game's own prompts (docs/api.md: Words)
    if (parts.origins.length) prompt = words.pick_origin;
    else if (parts.targets.length) prompt = roles.includes("origin") ? words.pick_to : words.pick_square;
    else prompt = words.pick_mark;
  }
  $("#prompt").textContent = prompt || "";
}

function wordsOf(name) {
  const game = games.find((g) => g.name === name);
  return (game && game.words) || {};
}

async function clicked(square) {
  if (!myTurn()) return;
  const parts = partsNow();
  if (!parts) return;  // the server is asked what may follow the last click
  say("");
  const role = roleOf(parts, square);
  if (!role) {  // a square that continues nothing: the choice starts again
    if (chosen.length) { clearChoice(); if (roleOf(partsNow(), square)) clicked(square); else highlight(); }
    return;
  }
  chosen.push(square); roles.push(role); following = null; edits += 1;
  const match = current, squares = chosen.slice(), kinds = roles.slice(), edit = edits;
  highlight();
  let next;
  try {
    next = await partsAfter(match, squares, kinds);
  } catch (error) {
    if (edit === edits) { clearChoice(); say(error.message); highlight(); }
    return;
  }
  // Meanwhile the position changed, or the choice did: this answer is for another one.
  if (edit !== edits || !current || current.id !== match.id || (next.ply !== undefined && next.ply !== current.state.history.length)) return;
  const more = next.origins.length + next.targets.length + next.marks.length;
  if (next.complete && !more) { play(moveText(squares, kinds)); return; }
  if (!more) clearChoice();  // nothing can follow (it cannot happen)
  else following = next;
  highlight();
}

async function play(text) {
  const player = current.to_move;
  clearChoice();
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
  $("#as-is").addEventListener("click", () => { const parts = partsNow(); if (chosen.length && parts && parts.complete) play(moveText(chosen, roles)); });
  $("#pass").addEventListener("click", () => play("pass"));
  $("#undo").addEventListener("click", () => act("undo"));
  $("#hint").addEventListener("click", () => act("hint"));
  $("#takeback-accept").addEventListener("click", () => answerTakeback(true));
  $("#takeback-decline").addEventListener("click", () => answerTakeback(false));
  $("#resign").addEventListener("click", () => { if (confirm("Resign this game?")) act("resign"); });
  $("#new").addEventListener("click", () => { location.hash = ""; });
  $("#back-to-game").addEventListener("click", () => lookAt(null));
  $("#review").addEventListener("click", fetchReview);
  route();
});
