// The page of `boardgames serve`: a lobby and a match, using only the JSON API
// of docs/web.md. A move is built by clicking its parts in the order of the
// notation (the piece to move, where it goes, then each square it flips or
// shoots), as the action encoding does: the squares that continue a legal
// move are highlighted. The board also takes the keyboard (arrows move a
// focus square, Enter or Space clicks it).
"use strict";

const $ = (selector) => document.querySelector(selector);
const MOVE = /^([a-z][0-9]+)(?:-([a-z][0-9]+))?((?:x[a-z][0-9]+)*)$/;

let games = [];
let current = null;      // the match as GET /api/matches/{id} describes it
let receivedAt = 0;      // when it arrived (performance.now()): the running clock counts down from it
let tokens = {};         // this browser's seats in it: player -> token
let chosen = [];         // the squares of the move being built
let roles = [];          // what each of them is: "origin", "to" or "mark"
let following = null;    // the parts that may follow them (null: being asked)
let edits = 0;           // counts changes to the choice: a late answer about an old one is dropped
let lookback = null;     // the ply shown when looking back, else null
let stream = null;
let streamToken = null;   // the seat whose view the stream sends (its ticket's)
let hinted = [];
let hintText = "";       // the hint's line, cleared with the position it was for
let drawn = "";          // which position the board shows: redrawn only when it changes
let review = null;       // the review of this finished match (GET .../review), once asked
let trying = null;       // "find a better move": {ply, first (parts, or null: none for a past position)}
let focusSquare = null;  // the keyboard's square on the board
let ticking = null;      // the timer that counts the running clock down
let shownBefore = null;  // the match and ply the board showed last: {id, ply}
const MARKS = { "inaccuracy": "?!", "mistake": "?", "blunder": "??", "missed win": "⊘" };
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];
const SVG = "http://www.w3.org/2000/svg";
const LOBBY_KEY = "boardgames:lobby";

// -- talking to the server ---------------------------------------------------
async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["authorization"] = "Bearer " + token;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    setOffline(true);
    throw new Error("connection lost: the server cannot be reached");
  }
  setOffline(false);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(shorten(data.error || response.statusText));
  return data;
}

// A server message, short: an illegal move's message names the whole history
// of the position ("illegal move 'a1' in donuts after a1 b2 …: a1 is taken"),
// which says nothing to a player looking at the board.
function shorten(message) {
  const token = "(?:[a-z][0-9]+(?:-[a-z][0-9]+)?(?:x[a-z][0-9]+)*|pass)";
  let text = String(message || "").split("\n")[0];
  text = text.replace(new RegExp(" after(?: " + token + ")+(?=:)"), "");
  return text.length > 200 ? text.slice(0, 199) + "…" : text;
}

function setOffline(lost) {
  $("#offline").hidden = !lost;
  if (!lost && $("#message").textContent.startsWith("connection lost")) say("");
}

// A line under the status: an error (red) unless `news` (a hint, a takeback's answer), which is no fault of the player's.
function say(text, news) {
  $("#message").textContent = text || "";
  $("#message").classList.toggle("news", Boolean(news));
}

// -- the lobby -----------------------------------------------------------------
function remembered() {
  try { return JSON.parse(localStorage.getItem(LOBBY_KEY) || "{}") || {}; } catch (error) { return {}; }
}

async function showLobby() {
  closeStream();
  current = null; trying = null;
  stopTicking();
  $("#play").hidden = true;
  $("#lobby").hidden = false;
  document.title = "boardgames";
  say(""); hinted = []; hintText = "";
  try {
    if (!games.length) games = await api("GET", "/api/games");
  } catch (error) { $("#lobby-message").textContent = error.message; return; }
  if (!$("#game").options.length) {
    for (const game of games) $("#game").add(new Option(game.title, game.name));
    gameCards();
    restoreLobby();
  }
  listYourGames();
}

// The choices of the last game started here, kept in local storage.
function restoreLobby() {
  const last = remembered();
  if (games.some((g) => g.name === last.game)) $("#game").value = last.game;
  showOptions();
  for (const id of ["clock"]) {
    if (last[id] !== undefined && [...$("#" + id).options].some((o) => o.value === last[id])) $("#" + id).value = last[id];
  }
  if (last.agent !== undefined && [...$("#agent").options].some((o) => o.value === last.agent)) $("#agent").value = last.agent;
  if (last.spec) $("#spec").value = last.spec;
  if (last.seat !== undefined && [...$("#seat").options].some((o) => o.value === last.seat)) $("#seat").value = last.seat;
  showOpponent();
}

function rememberLobby(game, options) {
  const last = remembered();
  const kept = Object.assign({}, last.options || {});
  kept[game] = options;
  localStorage.setItem(LOBBY_KEY, JSON.stringify({
    game, options: kept, opponent: $("#opponent").value, agent: $("#agent").value,
    spec: $("#spec").value, seat: $("#seat").value, clock: $("#clock").value,
  }));
}

function chosenGame() {
  return games.find((g) => g.name === $("#game").value) || games[0];
}

function showOptions() {
  const game = chosenGame();
  $("#game").value = game.name;
  $("#game-summary").textContent = game.summary;
  markGameCard(game.name);
  showRules($("#lobby-rules"), game);
  const saved = (remembered().options || {})[game.name] || {};
  const box = $("#options");
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (const option of game.options) {
    const label = document.createElement("label");
    label.textContent = option.name.replace(/_/g, " ") + " ";  // "max moves", not the identifier max_moves
    let input;
    if (option.choices) {
      input = document.createElement("select");
      for (const choice of option.choices) input.add(new Option(choice, choice, false, choice === option.default));
    } else {
      input = document.createElement("input");
      input.placeholder = option.default === null ? "from the seed" : String(option.default);
      input.autocomplete = "off";
    }
    input.name = option.name;
    if (saved[option.name] !== undefined) input.value = saved[option.name];
    input.addEventListener("change", showSeats);
    if (option.name === "players") input.addEventListener("input", showSeats);  // the seats follow the count as it is typed
    const help = document.createElement("small");
    help.className = "help";
    help.textContent = playerWords(option.help) + (option.accepts && !option.choices ? " (" + option.accepts + ")" : "");
    label.append(input, " ", help);
    box.append(label);
  }
  box.hidden = game.options.length === 0;
  // The computer: the game's levels by name (the spec is the value), or any agent spec.
  const agent = $("#agent");
  agent.innerHTML = "";
  for (const level of game.levels) {
    const option = new Option(level.name, level.spec, false, level.level === 4);
    option.title = "level " + level.level + ": " + level.spec;
    agent.add(option);
  }
  agent.add(new Option("another agent spec…", "other"));
  showAgent();
  showSeats();
}

let levelSpec = "";  // the spec of the level chosen last: "another agent spec…" starts from it

function showAgent() {
  const game = chosenGame();
  const value = $("#agent").value;
  const level = game.levels.find((l) => l.spec === value);
  const measured = game.levels_measured ? "" : "; the levels are not measured for this game";
  $("#agent-help").textContent = level ? "level " + level.level + " of " + game.levels.length + measured : "";
  if (level) levelSpec = level.spec;
  else if (value === "other" && !$("#spec").value) $("#spec").value = levelSpec;
  $("#spec-label").hidden = value !== "other";
  $("#computer-level").textContent = level ? level.name : value === "other" ? "another agent" : "";
}

// The players in turn order under the options chosen: an option whose choices
// are the players' names says who goes first.
// The players of the game as configured: with a number of players chosen by the option "players",
// the names the server gives for that count (never the class's own list).
function playersOf(game) {
  const input = $("#options").querySelector('[name="players"]');
  const count = input && input.value !== "" ? input.value : null;
  return ((count && game.players_by_count && game.players_by_count[count]) || game.players).slice();
}

function turnOrder(game) {
  const players = playersOf(game);
  for (const input of $("#options").querySelectorAll("select")) {
    const option = game.options.find((o) => o.name === input.name);
    const choices = option && option.choices ? option.choices.slice().sort().join(" ") : "";
    if (choices && choices === players.slice().sort().join(" ") && players.includes(input.value)) {
      const at = players.indexOf(input.value);
      return [...players.slice(at), ...players.slice(0, at)];
    }
  }
  return players;
}

function showSeats() {
  const seat = $("#seat");
  const before = seat.value || "0";
  seat.innerHTML = "";
  const order = turnOrder(chosenGame());
  order.forEach((player, i) => seat.add(new Option(player + ", " + (ORDINALS[i] || "#" + (i + 1)), String(i))));
  seat.value = [...seat.options].some((o) => o.value === before) ? before : "0";
  showSeatKinds(order);
}

// With more than two players, each other seat may be a person (an invite link), the computer, or as the
// button chosen says: three people and the computer, say.
function showSeatKinds(order) {
  const box = $("#seat-kinds");
  const mine = Number($("#seat").value);
  const others = order.filter((_, i) => i !== mine);
  const shown = [...box.querySelectorAll("select")].map((select) => select.name);
  if (order.length > 2 && shown.join(" ") === others.join(" ")) return;  // the same seats: the choices made stay
  const kept = {};
  for (const select of box.querySelectorAll("select")) kept[select.name] = select.value;
  box.querySelectorAll("label").forEach((label) => label.remove());
  box.hidden = order.length <= 2;
  if (box.hidden) return;
  order.forEach((player, i) => {
    if (i === mine) return;
    const label = document.createElement("label");
    label.textContent = player + " ";
    const select = document.createElement("select");
    select.name = player;
    select.add(new Option("as the button says", ""));
    select.add(new Option("a person (an invite link)", "human"));
    select.add(new Option("the computer", "computer"));
    if (kept[player]) select.value = kept[player];
    label.append(select);
    box.append(label);
  });
}

// The opponent is chosen by the button that starts the game: the computer's level and the colour are always offered.
function showOpponent() {
  $("#spec-label").hidden = $("#agent").value !== "other";
}

// The rules (the text of `boardgames rules GAME`) as paragraphs.
function showRules(box, game) {
  box.hidden = !(game && game.rules);
  if (!game || !game.rules || box.dataset.game === game.name) return;  // drawn once a game, not at every event
  box.dataset.game = game.name;
  box.querySelector(".rules-title").textContent = game.title;
  const text = box.querySelector(".rules-text");
  text.innerHTML = "";
  for (const paragraph of game.rules.split(/\n\s*\n/)) {
    const p = document.createElement("p");
    // The text is wrapped for a terminal: its lines join, but a list's items keep theirs.
    p.textContent = paragraph.trim().replace(/\n(?![ \t]*(?:[-*•]|\d+[.)])\s)[ \t]*/g, " ");
    text.append(p);
  }
}

function clockChoice() {
  const found = /^(\d+)\+(\d+)$/.exec($("#clock").value);
  return found ? { limit: Number(found[1]) * 60, increment: Number(found[2]) } : null;
}

async function startGame(event) {
  event.preventDefault();
  if (event.submitter && event.submitter.value) $("#opponent").value = event.submitter.value;  // one of the three big choices
  $("#lobby-message").textContent = "";
  const game = chosenGame();
  const options = {};
  for (const input of $("#options").querySelectorAll("input, select")) {
    if (input.value !== "") options[input.name] = input.value;
  }
  const opponent = $("#opponent").value;
  let other = "human";
  if (opponent === "computer") other = $("#agent").value === "other" ? $("#spec").value.trim() : $("#agent").value;
  const order = turnOrder(game);
  const mine = opponent === "here" ? 0 : Number($("#seat").value);
  const computer = $("#agent").value === "other" ? $("#spec").value.trim() : $("#agent").value;
  const kinds = {};
  for (const select of $("#seat-kinds").querySelectorAll("select")) kinds[select.name] = select.value;
  const kindOf = (player) => (kinds[player] === "computer" ? computer : kinds[player] === "human" ? "human" : other);
  const players = order.map((player, i) => (i === mine ? "human" : kindOf(player)));
  const body = { game: game.name, options, players };
  const clock = clockChoice();
  if (clock) body.clock = clock;
  Object.assign(body, clubChoices(opponent, players, mine, game));
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = /^-?[0-9]+$/.test(seed) ? Number(seed) : seed;
  rememberLobby(game.name, options);
  try {
    const created = await api("POST", "/api/matches", body);
    // At one screen every seat is this browser's; with an invite link, the other person's is in the link.
    const invites = opponent === "invite" || Object.values(kinds).includes("human");
    keepSeats(created.id, created.seats, invites ? created.state.players[mine] : null);
    location.hash = "match=" + created.id;
  } catch (error) { $("#lobby-message").textContent = error.message; }
}

async function uploadRecord(event) {
  event.preventDefault();
  $("#lobby-message").textContent = "";
  const file = $("#upload").files[0];
  if (!file) { $("#lobby-message").textContent = "choose a record file first"; return; }
  try {
    let record;
    try { record = JSON.parse(await file.text()); } catch (error) { throw new Error(file.name + " is not JSON"); }
    const created = await api("POST", "/api/matches", { record });
    keepSeats(created.id, created.seats, null);
    location.hash = "match=" + created.id;
  } catch (error) { $("#lobby-message").textContent = error.message; }
}

// The seats this browser plays: all of them (mine null), or with an invite
// link the seat `mine` here, and the other person's in the link.
function keepSeats(id, seats, mine) {
  const players = Object.keys(seats);
  const kept = {};
  for (const player of players) if (mine === null || player === mine) kept[player] = seats[player];
  localStorage.setItem("boardgames:" + id, JSON.stringify(kept));
  const invited = players.filter((p) => !(p in kept));
  if (invited.length) {  // kept in local storage: the invite links are there in any tab, after the tab is closed too
    const p = invited[0];
    localStorage.setItem("boardgames:invite:" + id, seatLink(id, p, seats[p]));
    const links = {};  // one link for each invited seat
    for (const q of invited) links[q] = seatLink(id, q, seats[q]);
    localStorage.setItem("boardgames:invites:" + id, JSON.stringify(links));
  }
  rememberGame(id);
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
  if (Object.keys(tokens).length) rememberGame(id);
  flipped = localStorage.getItem("boardgames:flip:" + id) === "1";
  $("#flip").setAttribute("aria-pressed", String(flipped));
  $("#leave-confirm").hidden = true;
  $("#copied").textContent = "";
  clearChoice(); lookback = null; hinted = []; hintText = ""; review = null; trying = null; focusSquare = null;
  say(""); $("#resign-confirm").hidden = true;
  $("#review-view").hidden = true; $("#review-status").textContent = "";
  current = null; drawn = "";
  $("#board").innerHTML = "";
  try {
    if (!games.length) games = await api("GET", "/api/games");  // the game's words, for a page opened on a match
    accept(await api("GET", "/api/matches/" + id, undefined, viewToken()));
  } catch (error) {
    if ($("#offline").hidden) {  // no such match (a dead link): the lobby says so, not another match's page
      await showLobby();
      $("#lobby-message").textContent = error.message;
    } else say(error.message);
    return;
  }
  openStream(id);
}

function closeStream() {
  if (stream) { stream.close(); stream = null; }
}

// The match's events; a lost connection is said, and cleared once it is back.
async function openStream(id) {
  closeStream();
  streamToken = viewToken();
  const ticket = await clubTicket(id);  // a seat's stream makes it present
  if (stream || !current || current.id !== id) return;  // another stream was opened meanwhile
  const source = new EventSource("/api/matches/" + id + "/events" + ticket);
  stream = source;
  // After a lost connection the first event is taken whatever its version
  // (the server's versions go on across a restart, but a state may also have been
  // taken back meanwhile: the stream's first event is the match now).
  // The first event is taken too: a stream opened again for another seat of this screen says what that seat sees.
  let resync = true;
  source.addEventListener("open", () => setOffline(false));
  source.addEventListener("match", (event) => {
    setOffline(false);
    const match = JSON.parse(event.data);
    if (resync && current && current.id === match.id) { resync = false; show(match); } else accept(match);
  });
  source.addEventListener("error", () => {
    if (stream !== source) return;
    resync = true;
    setOffline(true);
    // The browser tries again by itself, unless the answer was no stream at all.
    if (source.readyState === EventSource.CLOSED) {
      setTimeout(() => { if (stream === source && current && current.id === id) openStream(id); }, 2000);
    }
  });
}

// Answers and events may arrive out of order: only a newer version is shown.
function accept(match) {
  if (current && current.id === match.id && match.version < current.version) return;
  if (current && current.id === match.id && match.version === current.version && !match.clock) return;
  show(match);
}

function isPerson(match, player) { return match.players[player] === "human"; }

// Why this browser may not move now, or "" if it may; a move typed while
// looking back is played in the game now (`typed`).
function whyNot(typed) {
  if (!current) return "the game is not loaded yet";
  if (current.result) return "the game is over";
  if (!Object.keys(tokens).length) return "you are watching: only the players move";
  if (lookback !== null && !typed) return "you are looking back at move " + lookback + ": go back to the game to play";
  if (current.thinking) return "the computer is thinking";
  if (!actingSeat()) {
    const asked = current.asked || [current.to_move];
    if (asked.length === 1 && asked[0] === current.to_move) return "not your turn: " + current.to_move + " is to move";
    return "not your turn: waiting for " + joinNames(asked);
  }
  return "";
}

function myTurn() { return !trying && whyNot() === ""; }

// The seat of this browser that is asked now (the one to move first, else one asked at once with it), or null.
function actingSeat(match) {
  match = match || current;
  if (!match || match.result) return null;
  const asked = match.asked || [match.to_move];
  if (tokens[match.to_move] !== undefined && asked.includes(match.to_move)) return match.to_move;
  return asked.find((p) => tokens[p] !== undefined) || null;
}

// The token whose view this browser shows: the seat asked now if it is one of its own, else its first seat
// (none: a spectator, who sees the public view).
function viewToken() {
  const acting = actingSeat();
  return acting ? tokens[acting] : Object.values(tokens)[0];
}

// The moves the acting seat may choose: the position's, or its own where it chooses at once with the one to move.
function listedMoves(match) {
  const acting = actingSeat(match);
  if (acting && match.move_squares) return Object.values(match.move_squares);
  return acting && acting !== match.to_move && match.choices ? match.choices : match.state.legal_moves;
}

// The game's text of a move clicked as squares ("p3-v4"): the server says each of the acting seat's moves
// both ways where the game writes its moves its own way (a game whose grid is no board: "putback:#3").
function gameText(squares, match) {
  match = match || current;
  if (!match || !match.move_squares) return squares;
  const found = Object.entries(match.move_squares).find(([, s]) => s === squares);
  return found ? found[0] : squares;
}

// The acting seat's moves that continue the clicks so far and need a square the picture does not draw
// (a card game's "stop", "joker", a die read as another value): each is offered as a button, in the game's words.
function buttonMoves() {
  if (!current || !current.move_squares || !building() || trying) return [];
  const drawnSquares = new Set([...$("#board").querySelectorAll(".square")].filter(takesClick).map((e) => e.dataset.square));
  const out = [];
  for (const [text, squares] of Object.entries(current.move_squares)) {
    const parts = squares === "pass" ? [] : squaresOf(squares) || [];
    if (chosen.some((square, i) => parts[i] !== square)) continue;
    // (the squares taken without a click, drawn nowhere, count as drawn: the move is clicked on from them)
    if (squares === "pass" ? chosen.length : parts.slice(chosen.length).every((square) => drawnSquares.has(square))) continue;
    out.push(text);
  }
  return out;
}

function showMoveButtons() {
  const box = $("#move-buttons");
  const texts = buttonMoves();
  const key = texts.join("\n");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.innerHTML = "";
  box.hidden = !texts.length;
  for (const text of texts) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-button";
    button.textContent = text;
    // What its drawn squares hold, as the picture names them (a card put back: which card).
    const named = (squaresOf(current.move_squares[text]) || []).map((square) => {
      const site = siteElement(square);
      return site ? site.getAttribute("aria-label") || "" : "";
    }).filter(Boolean);
    if (named.length) button.title = named.join("; ");
    button.addEventListener("click", () => { const why = whyNot(); if (why) say(why); else play(text); });
    box.appendChild(button);
  }
}

// "north", "north and east", "north, east and south".
function joinNames(names) {
  return names.length < 2 ? names.join("") : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

// Who made move k (0-based): the server says it (a roll is chance's); else the turns in order.
function moverOf(match, k) {
  const players = match.state.players;
  return match.movers && match.movers[k] !== undefined ? match.movers[k] : players[k % players.length];
}

function tokenFor(player) {
  return tokens[player] || Object.values(tokens)[0];
}

function levelName(game, spec) {
  const level = game && game.levels.find((l) => l.spec === spec);
  return level ? level.name : spec;
}

// The status line, read out as it changes: the last move, then whose turn it is.
function statusText(match) {
  if (match.result) return match.result;
  const history = match.state.history;
  const who = history.length ? moverOf(match, history.length - 1) : "";
  const move = history[history.length - 1];
  const last = !history.length ? "" : who === "chance" ? "Chance: " + move + ". " : who + " played " + move + ". ";
  return last + turnText(match);
}

function turnText(match) {
  if (match.thinking) {  // after a takeback, a person may be to move while the computer still finishes
    const agent = isPerson(match, match.to_move) ? Object.keys(match.players).find((p) => !isPerson(match, p)) : match.to_move;
    // waiting: its move could not be saved, and is saved again in a moment (the server says why).
    const why = match.waiting ? " (" + match.waiting + ")" : "";
    if (agent) return agent + " (the computer, " + levelName(gameOf(match), match.players[agent]) + ") is thinking" + why;
  }
  const asked = match.asked || [match.to_move];
  if (asked.length > 1 || (asked.length === 1 && asked[0] !== match.to_move) || (match.chosen || []).length) {
    // Choices made at once: who is still to choose, and who chose (never what, but to the one who did).
    const mine = asked.filter((p) => tokens[p] !== undefined);
    const chose = (match.chosen || []).length ? "; " + joinNames(match.chosen) + " chose" : "";
    const yours = match.your_choice ? " (you chose " + match.your_choice + ")" : "";
    return "waiting for " + joinNames(asked) + (mine.length ? " (you: " + joinNames(mine) + ")" : "") + chose + yours;
  }
  return match.to_move + " to move" + (tokens[match.to_move] ? " (you)" : "");
}

function gameOf(match) { return games.find((g) => g.name === match.state.game); }

// Who this browser is in the match.
function youText(match) {
  const mine = Object.keys(tokens).filter((p) => p in match.players);
  if (!mine.length) return "You are watching.";
  if (mine.length > 1) return "You play " + mine.join(" and ") + " at this screen.";
  const order = match.state.players.indexOf(mine[0]);
  return "You play " + mine[0] + (order >= 0 ? ", " + ORDINALS[order] : "") + ".";
}

// "You won — five in a row", from the seat of this browser (the winner's name for spectators and one screen).
function bannerText(match) {
  const how = howItEnded(match);
  if (!match.winner) return "Draw — " + how;
  const mine = Object.keys(tokens).filter((p) => p in match.players);
  if (mine.length === 1) return (mine[0] === match.winner ? "You won — " : "You lost — ") + how;
  return match.winner + " won — " + how;
}

function howItEnded(match) {
  const text = match.result || "";
  if (match.forfeit) {
    if (/ on time\b/.test(text)) return "on time";
    const mine = Object.keys(tokens).filter((p) => p in match.players);
    const who = mine.length === 1 && mine[0] === match.forfeit.player ? "you" : match.forfeit.player;
    if (match.forfeit.reason === "resigned") return who + " resigned";
    return match.forfeit.player + " forfeits (" + match.forfeit.reason + ")";
  }
  const colon = text.indexOf(": ");
  return colon >= 0 ? text.slice(colon + 2) : text;
}

// A few legal moves, one of each form (a placement, a step, one that also takes squares, a pass):
// what a move typed here looks like, whatever the game (a game in parts: how a move starts).
function moveExamples(state) {
  const forms = new Map();
  for (const text of state.legal_moves || []) {
    const form = text === "pass" ? "pass" : (text.includes("-") ? "step" : "place") + (text.includes("x") ? "x" : "");
    if (!forms.has(form)) forms.set(form, text);
  }
  const examples = [...forms].filter(([form]) => form !== "pass").map(([, text]) => text);
  if (forms.has("pass")) examples.push("pass");
  if (!examples.length && state.parts) examples.push(...[...state.parts.origins, ...state.parts.targets].slice(0, 1));
  return examples.slice(0, 4);
}

async function show(match) {
  const before = current && current.id === match.id ? current : null;
  const changed = !current || current.id !== match.id || current.state.history.length !== match.state.history.length ||
    Boolean(current.result) !== Boolean(match.result);
  current = match;
  receivedAt = performance.now();
  if (changed) {  // a new position: the last line about the old one (an error, a hint, "not your turn") goes
    clearChoice(); hinted = [];
    if (!$("#message").textContent.startsWith("connection lost")) say("");
    hintText = "";
  }
  const state = match.state;
  $("#typed-move").placeholder = moveExamples(state).join(", ");
  const game = gameOf(match);
  $("#play").classList.toggle("table", Boolean(game) && game.board_drawn === false);  // dice and cards: the width is theirs
  const title = game ? game.title : state.game;
  const yours = !match.result && !match.thinking && actingSeat(match) !== null;
  const ending = match.result ? bannerText(match).split(" — ")[0] + " · " : "";
  document.title = (yours ? "● Your turn · " : ending) + title + " · boardgames";
  const status = $("#status");
  status.classList.toggle("thinking", Boolean(match.thinking) && !match.result);
  status.textContent = statusText(match);
  status.hidden = Boolean(match.result);  // the banner says it
  // Where the game stands in its own words (Game.progress: a solo game's level, its points to reach, its turns).
  $("#progress").textContent = match.progress || "";
  $("#progress").hidden = !match.progress || Boolean(match.result);
  $("#you").textContent = youText(match);
  const banner = $("#banner");
  banner.hidden = !match.result;
  if (match.result) {
    banner.textContent = bannerText(match);
    banner.className = !match.winner ? "draw" : Object.keys(tokens).length === 1 ? (tokens[match.winner] ? "won" : "lost") : "over";
  }
  const hand = Object.entries(match.in_hand || {});
  const placing = !match.result && hand.some(([, n]) => n > 0);  // once all are placed (or the game is over), nothing to say
  $("#hand").textContent = placing ? "To place: " + hand.map(([p, n]) => p + " " + n).join(", ") : "";
  showMoves();
  $("#download").href = "/api/matches/" + match.id + "/record";
  const seats = Object.keys(tokens).length;
  const over = Boolean(match.result);
  // The move box (typed move, pass, undo, hint, resign) goes once the game is over, and is never a spectator's.
  $("#move-box").hidden = seats === 0 || over;
  if (over) $("#resign-confirm").hidden = true;
  const asked = match.takeback && tokens[match.takeback.by];
  $("#undo").disabled = seats === 0 || over || Boolean(match.thinking) || Boolean(asked);
  $("#undo").textContent = Object.keys(match.players).filter((p) => isPerson(match, p)).length > 1 && seats === 1 ? "Ask to undo" : "Undo";
  $("#hint").disabled = !myTurn();
  $("#resign").disabled = over;
  showTakeback(match);
  takebackAnswered(before, match);
  // Where the server lists the seat's moves, a pass is one of the move buttons (the position's parts are the mover's).
  $("#pass").hidden = !(myTurn() && state.parts.can_pass) || Boolean(match.move_squares);
  $("#review-box").hidden = !match.result || state.history.length === 0 || Boolean(review);  // once drawn, no second Review
  showRules($("#play-rules"), game);
  const links = $("#links");
  links.innerHTML = "";
  const invite = localStorage.getItem("boardgames:invite:" + match.id);
  const invites = Object.entries(JSON.parse(localStorage.getItem("boardgames:invites:" + match.id) || "{}"));
  if (invite && !match.result && invites.length > 1) {  // a link for each seat invited
    invites.forEach(([player, link], k) => addLink(links, "Invite link for " + player + "'s seat", link, k ? "invite-link-" + player : "invite-link"));
  } else if (invite && !match.result) addLink(links, "Invite link (the other player's seat)", invite, "invite-link");
  const own = Object.keys(tokens).filter((p) => p in match.players);
  if (own.length === 1 && !match.result) addLink(links, "Your seat's link (to play on from another device; keep it to yourself)", seatLink(match.id, own[0], tokens[own[0]]), "seat-link");
  addLink(links, "Spectator link", location.origin + "/#match=" + match.id, "watch-link");
  showInvite(match, invite);
  moveSound(before, match);
  showClocks();
  showClub(match);
  // One screen for several seats: the stream follows the seat asked now, whose view it sends.
  if (stream && Object.keys(tokens).length > 1 && viewToken() !== streamToken) openStream(match.id);
  if (boardKey() !== drawn) {
    blankBoard();
    await drawBoard();
  } else highlight();
  // Said once the match is shown, its picture drawn (a script, a test, waits on it rather than polling).
  document.dispatchEvent(new CustomEvent("boardgames:shown", { detail: { id: match.id, version: match.version } }));
}

// The moves numbered by turn (1. c3 d4  2. …), the one shown marked.
function showMoves() {
  const state = current.state;
  const count = Math.max(state.players.length, 1);
  const list = $("#moves");
  list.innerHTML = "";
  let item = null;
  state.history.forEach((text, index) => {
    if (index % count === 0) {
      item = document.createElement("li");
      const number = document.createElement("span");
      number.className = "turn";
      number.textContent = (index / count + 1) + ".";
      item.append(number);
      list.append(item);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = text;
    button.dataset.ply = String(index + 1);
    button.title = "the position after " + moveNumber(index + 1, count) + " " + text + " (" + moverOf(current, index) + ")";
    button.addEventListener("click", () => lookAt(index + 1));
    // A move and its review mark side by side in one column ("f4??"): the mark never reads as the next move's.
    const cell = document.createElement("span");
    cell.className = "ply";
    cell.append(button);
    const judged = review && review.plies[index];
    if (judged && judged.label) {
      const mark = document.createElement("span");
      mark.className = "mark " + judged.label.replace(" ", "-");
      mark.textContent = MARKS[judged.label];
      mark.title = judged.label + (judged.best && judged.best !== judged.move ? ": best was " + judged.best : "");
      mark.setAttribute("aria-label", judged.label);
      cell.append(mark);
    }
    item.append(" ", cell);
  });
  markShown();
}

function shownPly() { return lookback === null ? current.state.history.length : lookback; }

function markShown() {
  if (!current) return;
  const shown = shownPly();
  for (const button of $("#moves").querySelectorAll("button.move")) {
    const here = Number(button.dataset.ply) === shown;
    button.classList.toggle("current", here);
    if (here) {
      button.setAttribute("aria-current", "step");
      const list = $("#moves");  // kept in sight within the list, without scrolling the page
      const top = button.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - button.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
    } else button.removeAttribute("aria-current");
  }
  $("#nav-first").disabled = $("#nav-prev").disabled = shown === 0;
  $("#nav-next").disabled = $("#nav-last").disabled = lookback === null;
}

// Until another position is drawn, the one shown offers nothing.
function blankBoard() {
  for (const square of $("#board").querySelectorAll(".square")) square.classList.remove("next", "chosen", "hinted", "best");
  $("#board").classList.remove("moving");
  const buttons = $("#move-buttons");  // nor do the move buttons (a second click would be a second move)
  buttons.hidden = true; buttons.innerHTML = ""; buttons.dataset.key = "";
}

// The seat whose drawings of a site are clicked: the one asked now, else this browser's first.
function clickingSeat() {
  return actingSeat() || Object.keys(tokens).find((p) => current && p in current.players) || null;
}

// Whether a drawing of a site (a .square) takes a click: a site drawn once, or the drawing that is no one's
// (no data-owner) or the clicking seat's own, where the picture draws the site in several places.
function takesClick(element) {
  const owner = element.dataset.owner;
  if (!owner || owner === clickingSeat()) return true;
  return (siteCopies.get(element.dataset.square) || 0) < 2;
}

// How many times the picture draws each site (counted once a picture is drawn).
let siteCopies = new Map();
function countCopies() {
  siteCopies = new Map();
  for (const element of $("#board").querySelectorAll(".square")) {
    siteCopies.set(element.dataset.square, (siteCopies.get(element.dataset.square) || 0) + 1);
  }
}

// The drawing of `square` that a click on it names (see takesClick), or null where none is drawn.
function siteElement(square) {
  return [...$("#board").querySelectorAll('.square[data-square="' + square + '"]')].find(takesClick) || null;
}

function boardKey() {
  // The seat whose view it is: one screen for several seats of a game with hidden parts draws each its own.
  return [current.id, current.state.history.join(" "), current.result || "", lookback, Boolean(review), Boolean(trying), viewToken(), tableWidth()].join("|");
}

// A game whose grid is no board (dice and cards: Game.board_drawn false) is laid out by the server in rows as wide
// as the board's room allows (its dice, market and tableaux side by side on a desktop), drawn 1.1 times its size
// (a box 26 px, a die 37 px, on a phone too); 0 for a board, whose size is its own.
const TABLE_ZOOM = 1.1, TABLE_LEAST = 340, TABLE_MOST = 4000;
function tableWidth() {
  if (!current || !$("#play").classList.contains("table")) return 0;
  const room = Math.floor($("#board").clientWidth / TABLE_ZOOM / 20) * 20;  // in steps of 20: no redraw for a pixel
  return Math.min(TABLE_MOST, Math.max(TABLE_LEAST, room));
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
  const named = review || trying ? "&squares=1" : "";
  const query = (lookback === null ? "?v=" + match.version : "?ply=" + lookback) + named + (tableWidth() ? "&width=" + tableWidth() : "");
  $("#lookback").hidden = lookback === null || Boolean(trying);
  $("#lookback-ply").textContent = lookback === null ? "" : lookback === 0 ? "the start" : moveNumber(lookback) + " " + match.state.history[lookback - 1];
  $("#lookback-ply").dataset.ply = lookback === null ? "" : String(lookback);
  const key = boardKey();
  let svg;
  try {
    const token = viewToken();  // the board as this seat sees it (a spectator: the public view)
    const response = await fetch("/api/matches/" + match.id + "/board.svg" + query, token ? { headers: { authorization: "Bearer " + token } } : {});
    svg = await response.text();
    if (!response.ok) return;
  } catch (error) { setOffline(true); return; }
  if (match !== current || key !== boardKey()) return;  // a newer state arrived meanwhile
  // The board animates what a move did (its own style) only for the position one move on from the one
  // shown before (a move played, a step forward), not for a first look, a step back or a redraw.
  const ply = lookback === null ? match.state.history.length : lookback;
  const onward = shownBefore && shownBefore.id === match.id && ply === shownBefore.ply + 1;
  $("#board").innerHTML = svg;
  countCopies();
  const picture = $("#board svg");
  if (picture && !onward) picture.classList.add("still");
  if (picture) { flipBoard(picture); readableCoordinates(picture); }
  shownBefore = { id: match.id, ply };
  drawn = key;
  for (const square of $("#board").querySelectorAll("[data-square]")) {
    // Another seat's drawing of a site drawn in several places (each tableau numbers its places alike) takes no click.
    if (square.classList.contains("square")) square.addEventListener("click", () => { if (takesClick(square)) clicked(square.dataset.square); });
  }
  legendRings();
  const changed = wordsOf(match.state.game).changed;  // the game's word for it: flipped, captured, shot
  $("#changed-word").textContent = changed && changed !== "changed" ? " (" + changed + ")" : "";
  // A big board on a phone may be zoomed (its points are too close to tap): scrolled sideways then.
  $("#zoom-box").hidden = $("#board").querySelectorAll(".square").length <= 100 && !$("#board").classList.contains("zoomed");
  highlight();
}

// The legend's rings take the colours the board draws them in.
function legendRings() {
  for (const ring of document.querySelectorAll("#legend svg[data-ring]")) {
    const names = ring.dataset.ring.split(" ");  // the board's class for it (and its former name)
    const drawnRing = $("#board").querySelector(names.map((name) => "." + name + "[stroke]").join(", "));
    if (!drawnRing) continue;
    const circle = ring.querySelector("circle, rect");
    for (const name of ["stroke", "stroke-dasharray"]) {
      const value = drawnRing.getAttribute(name);
      if (value) circle.setAttribute(name, value); else circle.removeAttribute(name);
    }
  }
}

// -- clocks ------------------------------------------------------------------------
// The match's clock: {limit, increment, remaining: {player: seconds}, running, flagged};
// remaining was read when the answer was made, so the running clock counts down here.
function clockSeconds(player) {
  const clock = current.clock;
  let left = clock.remaining[player];
  if (clock.running === player && !current.result) left -= (performance.now() - receivedAt) / 1000;
  return Math.max(0, left);
}

function formatTime(seconds) {
  if (seconds < 10) return "0:0" + (Math.floor(seconds * 10) / 10).toFixed(1);
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600), minutes = Math.floor((whole % 3600) / 60), secs = whole % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hours ? hours + ":" + two(minutes) + ":" + two(secs) : minutes + ":" + two(secs);
}

function showClocks() {
  const clock = current && current.clock;
  const box = $("#clocks");
  box.hidden = !clock;
  if (!clock) { stopTicking(); return; }
  box.innerHTML = "";
  for (const player of current.state.players) {
    const row = document.createElement("p");
    row.className = "clock";
    row.dataset.player = player;
    row.classList.toggle("running", clock.running === player && !current.result);
    row.classList.toggle("flagged", clock.flagged === player);
    row.classList.toggle("mine", tokens[player] !== undefined);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = player + (clock.flagged === player ? " (flag: out of time)" : "");
    const time = document.createElement("span");
    time.className = "time";
    row.append(name, " ", time);
    box.append(row);
  }
  tick();
  if (clock.running && !current.result) { if (!ticking) ticking = setInterval(tick, 100); } else stopTicking();
}

function tick() {
  if (!current || !current.clock) { stopTicking(); return; }
  for (const row of $("#clocks").querySelectorAll(".clock")) {
    row.querySelector(".time").textContent = formatTime(clockSeconds(row.dataset.player));
  }
}

function stopTicking() { if (ticking) { clearInterval(ticking); ticking = null; } }

// -- looking back, and the review of a finished game -----------------------------------
// `quiet`: the page's own move (the review drawn), which leaves the scroll alone.
function lookAt(ply, quiet) {
  if (trying) stopTrying();
  if (ply !== null && current && ply >= current.state.history.length) ply = null;  // the last move is the game now
  if (ply !== null && ply < 0) ply = 0;
  lookback = ply;
  clearChoice();
  markShown();
  if (review) showReviewPly();
  blankBoard();
  drawBoard();
  if (!quiet) boardInSight();
}

// A position asked for from below the board (a point of the graph, a move of the list, on a phone
// far under it) would change nothing in sight: the board is brought back into view.
function boardInSight() {
  const box = $("#board").getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) $("#board").scrollIntoView({ block: "nearest" });
}

function step(by) {
  if (!current) return;
  lookAt(shownPly() + by);
}

async function fetchReview() {
  const match = current;
  $("#review").disabled = true;
  $("#review-status").textContent = "Reviewing the game…";
  $("#review-status").classList.add("thinking");
  try {
    const data = await api("GET", "/api/matches/" + match.id + "/review");
    if (!current || current.id !== match.id) return;
    review = data;
    $("#review-status").textContent = "";
    $("#review-box").hidden = true;
    drawReview();
    showMoves();
    lookAt(lookback, true);
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
  // The plot's room, inside axes: the win chance up the left (0, 50, 100%), the moves along the bottom, numbered as the list.
  const width = 340, height = 150, left = 40, right = 8, top = 8, bottom = 34;
  const count = Math.max(current.state.players.length, 1);
  const x = (ply) => left + (width - left - right) * ply / Math.max(plies.length, 1);
  const y = (win) => top + (height - top - bottom) * (1 - win / 100);
  const node = (name, attributes) => {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  };
  const text = (content, attributes) => { const t = node("text", attributes); t.textContent = content; return t; };
  const svg = node("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": "win chance of " + first + " after each move" });
  svg.append(node("line", { class: "axis", x1: left, x2: left, y1: top, y2: height - bottom }));
  svg.append(node("line", { class: "axis", x1: left, x2: width - right, y1: height - bottom, y2: height - bottom }));
  for (const win of [0, 50, 100]) {
    if (win === 50) svg.append(node("line", { class: "even", x1: left, x2: width - right, y1: y(50), y2: y(50) }));
    svg.append(text(win + "%", { class: "tick", x: left - 4, y: y(win) + 3.5, "text-anchor": "end" }));
  }
  const turns = Math.ceil(plies.length / count);
  const every = Math.max(1, Math.ceil(turns / 8));  // at most about eight numbers along the bottom
  for (let turn = 1; turn <= turns; turn += every) {
    const at = x((turn - 1) * count + 1);
    svg.append(node("line", { class: "axis", x1: at, x2: at, y1: height - bottom, y2: height - bottom + 3 }));
    svg.append(text(String(turn), { class: "tick", x: at, y: height - bottom + 13, "text-anchor": "middle" }));
  }
  svg.append(text("move", { class: "axis-title", x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle" }));
  const middle = (top + height - bottom) / 2;
  svg.append(text(first + " wins", { class: "axis-title", x: 10, y: middle, "text-anchor": "middle", transform: "rotate(-90 10 " + middle + ")" }));
  const wins = plies.map((p) => (p.player === first ? p.win : 100 - p.win));
  const points = [[x(0), y(50)], ...wins.map((w, i) => [x(i + 1), y(w)])];
  // Points no wider than the room a move has (a long game's points would cover the curve), labelled ones larger.
  const room = (width - left - right) / Math.max(plies.length, 1);
  const radius = Math.min(3.5, Math.max(1, room * 0.4)), labelledRadius = Math.min(5, Math.max(2.5, room * 0.8));
  svg.append(node("polyline", { class: "curve", points: points.map((p) => p.join(",")).join(" ") }));
  plies.forEach((ply, i) => {
    const labelled = ply.label ? " " + ply.label.replace(" ", "-") : "";
    const point = node("circle", { class: "point" + labelled, cx: x(i + 1), cy: y(wins[i]), r: ply.label ? labelledRadius : radius });
    point.dataset.ply = String(ply.ply);
    const title = node("title", {});
    title.textContent = moveNumber(ply.ply) + " " + ply.move + (ply.label ? MARKS[ply.label] + " (" + ply.label + ")" : "") + ": " + first + " " + Math.round(wins[i]) + "%";
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
    const count = (n, one, many) => n + " " + (n === 1 ? one : many);
    item.textContent = player + ": accuracy " + counts.accuracy + "%, " + count(counts.inaccuracies, "inaccuracy", "inaccuracies") +
      ", " + count(counts.mistakes, "mistake", "mistakes") + ", " + count(counts.blunders, "blunder", "blunders") +
      ", " + count(counts.missed_wins, "missed win", "missed wins");
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
    text = moveNumber(ply.ply) + " " + ply.player + " played " + ply.move + (ply.label ? MARKS[ply.label] + " (" + ply.label + ")" : "") +
      ": " + ply.player + "'s win chance " + Math.round(ply.win) + "% (" + source + ").";
    if (ply.best && ply.best !== ply.move) text += " Best was " + ply.best + " (shown), line " + ply.line.join(" ") + ".";
    else if (ply.best) text += " The best move.";
  }
  $("#review-ply").textContent = text;
  $("#try-box").hidden = !(ply && ply.label) || Boolean(trying);
}

// -- find a better move: from a labelled ply, the player tries another move ------------
// The board shows the position before the ply; a move is built by clicks from
// that position's parts (GET .../parts?ply=N-1) where the server gives them,
// else a click on a square tries that square, and the box takes any move typed.
async function startTrying() {
  const ply = lookback;
  const judged = review && ply ? review.plies[ply - 1] : null;
  if (!judged) return;
  trying = { ply, player: judged.player, move: judged.move, first: null };
  lookback = ply - 1;
  clearChoice();
  $("#try-box").hidden = true;
  $("#trying").hidden = false;
  $("#try-result").textContent = "";
  $("#try-prompt").textContent = "Find a better move for " + judged.player + " than " + moveNumber(ply) + " " + judged.move +
    ": click it on the board.";
  markShown();
  blankBoard();
  drawBoard();
  boardInSight();
  try {
    const parts = await api("GET", "/api/matches/" + current.id + "/parts?ply=" + (ply - 1));
    if (trying && trying.ply === ply && parts.ply === ply - 1) { trying.first = parts; highlight(); }
  } catch (error) { /* no parts for a past position: a click tries its square */ }
}

function stopTrying() {
  const ply = trying ? trying.ply : null;
  trying = null;
  clearChoice();
  $("#trying").hidden = true;
  if (ply !== null) { lookback = ply; markShown(); if (review) showReviewPly(); blankBoard(); drawBoard(); }
}

async function tryMove(text) {
  const attempt = trying;
  attempt.answer = null;
  clearChoice();
  highlight();
  // A picture of dice and cards is clicked by the page's own ids (the grid's names), never shown: the server
  // answers with the move in the game's words.
  const table = gameOf(current) && gameOf(current).board_drawn === false && MOVE.test(text);
  $("#try-result").textContent = "Trying " + (table ? "the move" : text) + "…";
  try {
    const answer = await api("POST", "/api/matches/" + current.id + "/review/try", { ply: attempt.ply, move: text });
    if (trying !== attempt) return;
    attempt.answer = answer;
    $("#try-result").textContent = answer.verdict || (answer.move + ": win chance " + Math.round(answer.win) + "%");
    if (answer.best && answer.best !== answer.move) $("#try-result").textContent += " (on the board: your move, and " + answer.best + ", the best)";
    highlight();
  } catch (error) {
    if (trying !== attempt) return;
    $("#try-result").textContent = error.message === "Not Found" ? "this server cannot try a move yet" : error.message;
  }
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
  if (trying) return chosen.length ? following : trying.first;
  if (chosen.length) return following;
  const acting = actingSeat();
  // The moves of the seat asked, by their squares, where the server lists them so (a game whose grid is no board).
  if (acting && current.move_squares) {
    const listed = Object.values(current.move_squares);
    const first = partsAmong(listed, [], []);
    // Every move starts from one thing the picture does not draw ("put back" a card: which card is the
    // choice): it is taken without a click, as a part with no alternative is, and the click is the card.
    const only = [...first.origins, ...first.targets, ...first.marks];
    if (only.length === 1 && !first.can_pass && !siteElement(only[0])) {
      chosen = [only[0]]; roles = [first.origins.length ? "origin" : first.targets.length ? "to" : "mark"];
      following = partsAmong(listed, chosen, roles);
      return following;
    }
    return first;
  }
  // A seat asked at once with the one to move: its own choices (the position's parts are the mover's).
  if (acting && acting !== current.to_move && current.choices) return partsAmong(current.choices, [], []);
  return current.state.parts;
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
  const text = moveText(squares, kinds);
  if (trying) {
    const parts = await api("GET", partsPath(match, text));
    if (parts.ply !== trying.ply - 1) throw new Error("the server gives no parts of a past position: type the move");
    return parts;
  }
  // The legal moves answer at once where each is in the notation; a game that writes some of its own
  // way (a swap) is asked, as a game in parts is.
  const listed = listedMoves(match);
  if (listed && listed.every((move) => move === "pass" || MOVE.test(move))) return partsAmong(listed, squares, kinds);
  return api("GET", partsPath(match, text));
}

// The server's answer to what may follow `text` in the position played on (a move tried again: the one before it).
function partsPath(match, text) {
  const past = trying ? "ply=" + (trying.ply - 1) + "&" : "";
  return "/api/matches/" + match.id + "/parts?" + past + "move=" + encodeURIComponent(text);
}

function clearChoice() {
  chosen = []; roles = []; following = null; edits += 1;
}

function building() { return trying ? Boolean(trying.first) : myTurn(); }

function highlight() {
  if (!current) return;
  const judged = review && lookback && !trying ? review.plies[lookback - 1] : null;
  const best = judged && judged.best ? squaresOf(judged.best) || [] : [];
  const tried = trying && trying.answer ? squaresOf(trying.answer.move) || [] : [];
  const triedBest = trying && trying.answer && trying.answer.best && trying.answer.best !== trying.answer.move ? squaresOf(trying.answer.best) || [] : [];
  const moving = building();
  const parts = moving ? partsNow() : null;
  const next = new Set(parts ? [...parts.origins, ...parts.targets, ...parts.marks] : []);
  if (moving) for (const square of regroupable()) next.add(square);  // another die to reroll, in any order
  for (const square of $("#board").querySelectorAll(".square")) {
    const name = square.dataset.square;
    if (!takesClick(square)) { square.classList.remove("next", "chosen", "focused"); continue; }  // another seat's copy
    square.classList.toggle("next", next.has(name));
    square.classList.toggle("chosen", chosen.includes(name));
    square.classList.toggle("hinted", hinted.includes(name) && lookback === null);
    square.classList.toggle("best", best.includes(name) || triedBest.includes(name));
    square.classList.toggle("tried", tried.includes(name));
    square.classList.toggle("focused", name === focusSquare);
  }
  if (focusSquare && document.activeElement === $("#board")) announceFocus();
  $("#board").classList.toggle("waiting", moving && chosen.length > 0 && !parts);
  // The board's own legal-move dots only when this browser may move (or tries a move in a past position).
  $("#board").classList.toggle("moving", moving || Boolean(trying));
  // Once a move is begun, only what may follow it is marked: the board's dots (every square some move
  // reaches) would offer squares that do not continue it (a flip asked, where a piece picked may go).
  $("#board").classList.toggle("begun", chosen.length > 0);
  quietBoard(parts, next);
  // A whole move that may go on (a flip or a shot it may still choose): offered as it is.
  const whole = Boolean(parts && chosen.length && parts.complete && next.size);
  $("#choice").hidden = !whole;
  if (whole) $("#as-is").textContent = "Play " + gameText(moveText(chosen, roles)) + " as it is";
  let prompt = "";
  if (parts && next.size) {
    const words = wordsOf(current.state.game);  // the game's own prompts (docs/api.md: Words)
    if (parts.origins.length) prompt = parts.targets.length ? words.pick_origin + " " + words.pick_square : words.pick_origin;
    else if (parts.targets.length) prompt = roles.includes("origin") ? words.pick_to : words.pick_square;
    else prompt = words.pick_mark;
  }
  if ($("#board").classList.contains("quiet")) prompt = "Click where you play: nearly every empty square or point may be played (Show moves marks them).";
  // The game's own question, where the squares say nothing by themselves (a game whose grid is no board).
  const onBoard = (square) => siteElement(square) !== null;
  if (moving && current.question && !chosen.some(onBoard)) prompt = current.question;
  $("#prompt").textContent = prompt || "";
  showMoveButtons();
}

function wordsOf(name) {
  const game = games.find((g) => g.name === name);
  return (game && game.words) || {};
}

// Why `square` starts no move here, in a line; "" where the game knows better (asked of the server).
function notLegal(square, parts) {
  const owner = current.state.pieces ? current.state.pieces[square] : undefined;
  const moving = parts.origins.length > 0;
  if (owner !== undefined) {
    if (!moving) return square + " is taken";
    if (owner !== current.to_move) return square + " is " + owner + "'s";
    return "the piece on " + square + " cannot move";
  }
  if (moving && !parts.targets.length) return "there is no piece of yours on " + square + " to move";
  return "";
}

// The game's own reason why nothing starts on `square` (Donuts: the line the last move chose), from the server.
async function whyNotLegal(square) {
  const match = current, ply = current.state.history.length;
  let why = square + " is not a legal move here";
  try {
    await api("GET", partsPath(match, square));
  } catch (error) {
    if (!error.message.startsWith("connection lost")) why = error.message;
  }
  // Meanwhile the position moved on, or a move is being made: the answer is for another question.
  if (current && current.id === match.id && current.state.history.length === ply && !chosen.length) say(why);
}

async function clicked(square) {
  if (!current) return;
  if (trying && !trying.first) { tryMove(square); return; }  // no parts of that position: the square is tried
  if (!trying) {
    const why = whyNot();
    if (why) { say(why); return; }
  }
  const parts = partsNow();
  if (!parts) return;  // the server is asked what may follow the last click
  say("");
  const role = roleOf(parts, square);
  const regrouped = !role && chosen.length && !trying ? regroup(square) : null;
  if (regrouped && !regrouped.length) { clearChoice(); highlight(); return; }  // the one thing chosen, unchosen
  if (regrouped) {
    chosen = regrouped.map((part) => part.square); roles = regrouped.map((part) => part.role);
  } else if (!role) {  // a square that continues nothing: the choice starts again from it, if it may
    if (chosen.length) {
      clearChoice();
      if (roleOf(partsNow(), square)) { clicked(square); return; }
      say(square + " does not continue the move");
      highlight();
      return;
    }
    const why = notLegal(square, parts);
    if (why) say(why); else whyNotLegal(square);
    return;
  } else chosen.push(square), roles.push(role);
  following = null; edits += 1;
  const match = current, squares = chosen.slice(), kinds = roles.slice(), edit = edits;
  highlight();
  for (;;) {
    let next;
    try {
      next = await partsAfter(match, squares, kinds);
    } catch (error) {
      if (edit === edits) { clearChoice(); say(error.message); highlight(); }
      return;
    }
    // Meanwhile the position changed, or the choice did: this answer is for another one.
    if (edit !== edits || !current || current.id !== match.id || (!trying && next.ply !== undefined && next.ply !== current.state.history.length)) return;
    const inOrder = [...next.origins, ...next.targets, ...next.marks], more = [...inOrder, ...regroupable()];
    if (next.complete && !more.length) { finish(moveText(squares, kinds)); return; }
    if (!next.complete && !more.length && next.choices && next.choices.length) {
      following = next; highlight(); askChoice(moveText(squares, kinds), next.question, next.choices); return;
    }
    if (!next.complete && more.length === 1 && inOrder.length === 1) {
      // One way on, and the move is not whole without it (a single flip): taken without a click, as the terminal does.
      squares.push(more[0]);
      kinds.push(next.origins.length ? "origin" : next.targets.length ? "to" : "mark");
      chosen = squares.slice(); roles = kinds.slice();
      continue;
    }
    if (!more.length) clearChoice();  // nothing can follow (it cannot happen)
    else following = next;
    highlight();
    return;
  }
}

// Where the server lists the seat's moves by their sites (move_squares), the things a move takes in any order
// (the dice to reroll: "reroll:yob" is a1xa3xa5 however they were clicked): `square` added to the sites chosen,
// or taken out if chosen already (a second click unchooses), and the sites put in the order of a move that
// begins with them; [] where nothing is left chosen, null where no move begins with them.
function regroup(square) {
  if (!current || !current.move_squares) return null;
  const wanted = chosen.includes(square) ? chosen.filter((s) => s !== square) : [...chosen, square];
  if (!wanted.length) return [];
  const key = [...wanted].sort().join(" ");
  for (const squares of Object.values(current.move_squares)) {
    const parts = squares === "pass" ? [] : squaresOf(squares) || [];
    if (parts.length < wanted.length || [...parts.slice(0, wanted.length)].sort().join(" ") !== key) continue;
    const kinds = squares.split("x")[0].includes("-") ? ["origin", "to"] : ["to"];
    return parts.slice(0, wanted.length).map((s, i) => ({ square: s, role: kinds[i] || "mark" }));
  }
  return null;
}

// The sites that may be added to those chosen in any order (regroup), besides what follows them in order.
function regroupable() {
  if (trying || !chosen.length || !current || !current.move_squares) return [];
  const out = new Set();
  for (const squares of Object.values(current.move_squares)) {
    for (const square of squaresOf(squares) || []) if (!chosen.includes(square) && !out.has(square) && regroup(square)) out.add(square);
  }
  return [...out];
}

// A choice the game declares, left once the move's squares are chosen (a promotion's piece): a button
// named by each choice, none drawn on the board; the move is its squares and "=" its name.
function askChoice(text, question, names) {
  const box = $("#message");
  box.textContent = (question || "Which one?") + " ";
  box.classList.remove("news");
  for (const name of names) {
    const button = document.createElement("button");
    button.type = "button"; button.className = "move-choice"; button.textContent = name;
    button.addEventListener("click", () => { say(""); finish(text + "=" + name); });
    box.append(button, " ");
  }
}

function finish(text) {
  if (trying) tryMove(text); else play(gameText(text));
}

async function play(text) {
  const player = actingSeat() || current.to_move;
  const id = current.id;
  clearChoice();
  blankBoard();  // while the move is sent, the board offers nothing (a second click would be a second move)
  try {
    const match = await api("POST", "/api/matches/" + id + "/moves", { move: text }, tokenFor(player));
    if (current && current.id === id) accept(match);
  } catch (error) { if (current && current.id === id) { say(error.message); highlight(); } }
}

async function act(action) {
  const id = current.id, ply = current.state.history.length;
  try {
    const player = action === "undo" ? lastPersonToMove() : actingSeat() || current.to_move;
    const data = await api("POST", "/api/matches/" + id + "/" + action, undefined, tokenFor(player));
    if (!current || current.id !== id) return;  // another match is shown now
    if (action === "hint") {
      if (current.state.history.length !== ply) return;  // a hint for a position gone
      hinted = squaresOf(data.move) || [];
      hintText = "Hint: " + data.move;
      say(hintText, true);
      highlight();
    } else {
      accept(data);  // a takeback asked of a person: the takeback box says so, once
    }
  } catch (error) { if (current && current.id === id) say(error.message); }
}

// A takeback between two people needs the other's consent: the page of the
// other seat (or the same screen, in hot-seat) answers it.
function answerer(match) {
  const asker = match.takeback && match.takeback.by;
  const agreed = (match.takeback && match.takeback.agreed) || [];
  return Object.keys(tokens).find((player) => player !== asker && !agreed.includes(player) && match.players[player] === "human");
}

// The people still to agree to what `by` asked (every other person must), in words.
function stillToAgree(match, by, asked) {
  const agreed = (asked && asked.agreed) || [];
  const others = Object.keys(match.players).filter((p) => p !== by && isPerson(match, p) && !agreed.includes(p));
  return others.length ? joinNames(others) : "the other player";
}

function showTakeback(match) {
  const asked = Boolean(match.takeback) && !match.result;
  const mine = asked && answerer(match) !== undefined;
  $("#takeback").hidden = !asked;
  $("#takeback-accept").hidden = $("#takeback-decline").hidden = !mine;
  if (!asked) { $("#takeback-text").textContent = ""; return; }
  const by = match.takeback.by;
  const history = match.state.history;
  let last = "";  // the asker's last move, named
  for (let k = history.length - 1; k >= 0; k--) {
    if (moverOf(match, k) === by) { last = " (" + history[k] + ")"; break; }
  }
  const other = stillToAgree(match, by, match.takeback);
  $("#takeback-text").textContent = mine
    ? by + " asks to take back their last move" + last + ". Do you agree?"
    : "You asked to take back your last move" + last + ": waiting for " + other + " to answer.";
}

// The asker's page says how its request was answered (its "you asked" line is stale by then).
function takebackAnswered(before, match) {
  const asked = before && before.takeback;
  if (!asked || match.takeback || !tokens[asked.by] || answerer(before) !== undefined) return;
  const other = Object.keys(match.players).find((p) => p !== asked.by && isPerson(match, p)) || "the other player";
  if (match.state.history.length < before.state.history.length) say(other + " accepted: your move is taken back.", true);
  else if (match.state.history.length === before.state.history.length && !match.result) say(other + " declined to take back your move.", true);
  else say("");  // played on, or the game ended: the request lapsed
}

async function answerTakeback(accepted) {
  const id = current.id;
  try {
    const body = { accept: accepted, id: current.takeback.id };  // this request, not a later one
    const data = await api("POST", "/api/matches/" + id + "/takeback/answer", body, tokenFor(answerer(current)));
    if (!current || current.id !== id) return;
    accept(data);  // first: the new position clears the old lines
    say(accepted ? "Moves taken back." : "Takeback declined.", true);
  } catch (error) { say(error.message); }
}

// Undo goes back to the previous turn of a seat of this browser: the last one that moved.
function lastPersonToMove() {
  const history = current.state.history;
  for (let k = history.length - 1; k >= 0; k--) {
    const mover = moverOf(current, k);
    if (tokens[mover]) return mover;
  }
  return Object.keys(tokens)[0];
}

// -- the keyboard --------------------------------------------------------------------
// On the board: arrows move a focus square (to the nearest square that way, so
// that any drawing works, hexagons too), Enter or Space clicks it. Elsewhere,
// outside text fields: Left/Right step through the moves, Home/End.
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function squareCentres() {
  return [...$("#board").querySelectorAll(".square")].filter(takesClick).map((element) => {
    const box = element.getBoundingClientRect();  // as drawn: on a flipped board, up is up
    return { name: element.dataset.square, element, x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
}

function moveFocus(direction) {
  const squares = squareCentres();
  if (!squares.length) return;
  const here = squares.find((s) => s.name === focusSquare);
  let target = null;
  if (!here) {  // the first time: a square that may be played, else the middle one
    target = squares.find((s) => s.element.classList.contains("next")) || squares[Math.floor(squares.length / 2)];
  } else if (direction) {
    let score = Infinity;
    for (const s of squares) {
      const dx = s.x - here.x, dy = s.y - here.y;
      const along = dx * direction[0] + dy * direction[1];
      const across = Math.abs(dx * direction[1] - dy * direction[0]);
      if (along <= 0.5 || across > along * 1.5) continue;
      const value = along + 2 * across;
      if (value < score) { score = value; target = s; }
    }
  }
  if (target) {
    focusSquare = target.name;
    target.element.scrollIntoView({ block: "nearest", inline: "nearest" });  // a zoomed board scrolls to it
  }
  highlight();
  announceFocus();
}

function announceFocus() {
  const element = focusSquare && siteElement(focusSquare);
  if (!element) { $("#focus-name").textContent = ""; return; }
  let name = element.getAttribute("aria-label");
  if (!name) {
    const owner = current && current.state.pieces ? current.state.pieces[focusSquare] : undefined;
    name = focusSquare + (owner ? ", " + owner : ", empty");
  }
  if (chosen.includes(focusSquare)) name += ", your move so far";  // Enter took it: what comes next is the prompt's
  if (element.classList.contains("next")) name += ": you may play here";
  $("#focus-name").textContent = name;
}

function boardKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const shown = focusSquare && siteElement(focusSquare);
  if (!shown) {  // the first key shows the focus square (where focus events did not)
    if (ARROWS[event.key] || event.key === "Enter" || event.key === " ") event.preventDefault();
    moveFocus(null);
    return;
  }
  if (ARROWS[event.key]) { event.preventDefault(); moveFocus(ARROWS[event.key]); }
  else if ((event.key === "Enter" || event.key === " ") && focusSquare) { event.preventDefault(); clicked(focusSquare).then(announceFocus); }
  else if (event.key === "Escape" && chosen.length) { clearChoice(); say(""); highlight(); }
}

function pageKeys(event) {
  if (!current || $("#play").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target === $("#board")) return;
  if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
  if (event.key === "ArrowLeft") step(-1);
  else if (event.key === "ArrowRight") step(1);
  else if (event.key === "Home") lookAt(0);
  else if (event.key === "End") lookAt(null);
  else return;
  event.preventDefault();
}

// -- a page a club adopts (issue 43): your games, invites, flip, sound, a quiet big board ----------
let flipped = false;       // this match's board drawn the other way up (kept per match in local storage)
let beeps = 0;             // the sounds played for an opponent's move (the tests count them)
let audio = null;          // the Web Audio context, made at the first sound
let leaving = null;        // where "Leave" goes once confirmed
const SOUND_KEY = "boardgames:set:sound", SHOW_MOVES_KEY = "boardgames:set:show-moves", PLAYED_KEY = "boardgames:set:played";

// A ruling's id ("(D2)", "(V4)") means something in the rulebook, not to a player choosing an option.
function playerWords(text) {
  return String(text || "").replace(/\s*\((?:[A-Z]{1,2}\d+[a-z]?(?:[,;]\s*)?)+\)/g, "");
}

function seatLink(id, player, token) {
  return location.origin + "/#match=" + id + "&seat=" + encodeURIComponent(player) + "&token=" + token;
}

// "3." for the first player's move of turn 3, "3…" for the others': as the move list numbers them.
function moveNumber(ply, count) {
  const n = count || Math.max(current ? current.state.players.length : 1, 1);
  const turn = Math.floor((ply - 1) / n) + 1;
  return (ply - 1) % n === 0 ? turn + "." : turn + "…";
}

// The games this browser plays: each match whose seats' tokens it keeps, with when it was last opened.
function played() {
  try { return JSON.parse(localStorage.getItem(PLAYED_KEY) || "{}") || {}; } catch (error) { return {}; }
}

function rememberGame(id) {
  const all = played();
  all[id] = Date.now();
  localStorage.setItem(PLAYED_KEY, JSON.stringify(all));
}

function forgetGame(id) {
  const all = played();
  delete all[id];
  localStorage.setItem(PLAYED_KEY, JSON.stringify(all));
  for (const key of ["boardgames:" + id, "boardgames:invite:" + id, "boardgames:flip:" + id]) localStorage.removeItem(key);
}

function yourGameIds() {
  const all = played();
  const ids = new Set(Object.keys(all));
  for (let i = 0; i < localStorage.length; i++) {  // seats kept before the list was (tokens under "boardgames:ID")
    const found = /^boardgames:([A-Za-z0-9_-]+)$/.exec(localStorage.key(i));
    if (found && found[1] !== "lobby") ids.add(found[1]);
  }
  const seated = [...ids].filter((id) => {
    try { return Object.keys(JSON.parse(localStorage.getItem("boardgames:" + id) || "{}")).length > 0; } catch (error) { return false; }
  });
  return seated.sort((a, b) => (all[b] || 0) - (all[a] || 0)).slice(0, 40);
}

let listing = 0;  // a newer listing drops an older one's late answers

async function listYourGames() {
  const ids = yourGameIds();
  const mine = ++listing;
  $("#your-games").hidden = ids.length === 0;
  if (!ids.length) return;
  const found = await Promise.all(ids.map(async (id) => {
    try { return { id, match: await api("GET", "/api/matches/" + id) }; } catch (error) {
      return { id, match: null, error: error.message };
    }
  }));
  if (mine !== listing || $("#lobby").hidden) return;
  const going = $("#games-going"), over = $("#games-over");
  going.innerHTML = ""; over.innerHTML = "";
  const seats = (id) => JSON.parse(localStorage.getItem("boardgames:" + id) || "{}");
  // Your turn: a seat of yours is asked (the one to move, or one choosing at once with it).
  const yourTurn = (entry) => entry.match && !entry.match.result && !entry.match.thinking &&
    (entry.match.asked || [entry.match.to_move]).some((p) => seats(entry.id)[p] !== undefined);
  found.sort((a, b) => Number(yourTurn(b)) - Number(yourTurn(a)));  // yours to play first, then the latest
  let finished = 0;
  for (const entry of found) {
    if (entry.match && !entry.match.result) going.append(matchCard(entry.id, entry.match, seats(entry.id)));
    else if (entry.match || !/connection lost/.test(entry.error)) { over.append(matchCard(entry.id, entry.match, seats(entry.id), entry.error)); finished += 1; }
  }
  if (!going.children.length) going.textContent = "No game going on.";
  $("#games-done").hidden = finished === 0;
  $("#games-done-count").textContent = String(finished);
}

// A card for one of your games: its board, the game, who plays whom, whose turn it is and the clocks.
function matchCard(id, match, seats, error) {
  const card = document.createElement("div");
  card.className = "card match-card";
  card.dataset.match = id;
  const open = document.createElement("a");
  open.className = "open";
  open.href = "#match=" + id;
  const text = document.createElement("span");
  text.className = "card-text";
  const line = (content, name) => { const p = document.createElement("span"); p.className = name; p.textContent = content; text.append(p); };
  if (!match) {
    line("A game no longer on the server", "card-title");
    line(error || "", "card-summary");
  } else {
    const picture = document.createElement("img");
    picture.src = "/api/matches/" + id + "/board.svg?v=" + match.version;
    picture.alt = "";
    picture.className = "picture";
    open.append(picture);
    const game = gameOf(match);
    const mine = Object.keys(seats).filter((p) => p in match.players);
    const others = Object.keys(match.players).filter((p) => !mine.includes(p));
    const against = others.map((p) => p + " (" + (isPerson(match, p) ? "a friend" : "the computer, " + levelName(game, match.players[p])) + ")");
    line((game ? game.title : match.state.game) + " · " + match.state.history.length + " moves", "card-title");
    line(mine.length > 1 ? "You play every colour at this screen" : "You play " + mine.join(", ") + (against.length ? " against " + against.join(", ") : ""), "card-summary");
    let turn;
    if (match.result) turn = match.result;
    else if (match.thinking) turn = "The computer is thinking";
    else if ((match.asked || [match.to_move]).some((p) => seats[p] !== undefined)) turn = mine.length > 1 ? match.to_move + " to move" : "Your turn";
    else turn = match.to_move + " to move";
    line(turn, "card-turn" + (turn === "Your turn" ? " yours" : ""));
    if (!match.result && invitedWaiting(match, localStorage.getItem("boardgames:invite:" + id))) line("Waiting for your opponent: the invite link is in the game", "card-summary");
    if (match.clock) line(match.state.players.map((p) => p + " " + formatTime(match.clock.remaining[p])).join(" · "), "card-clocks");
  }
  open.append(text);
  card.append(open);
  if (!match || match.result) {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "remove";
    remove.textContent = "Remove";
    remove.setAttribute("aria-label", "remove this game from your list");
    remove.addEventListener("click", () => { forgetGame(id); listYourGames(); });
    card.append(remove);
  }
  return card;
}

// The games to choose from, as cards: a small picture, the title and the one-line summary.
function gameCards() {
  const box = $("#game-cards");
  box.innerHTML = "";
  for (const game of games) {
    const card = document.createElement("button");
    card.type = "button";
    card.className = "card game-card";
    card.dataset.game = game.name;
    card.setAttribute("aria-pressed", "false");
    const text = document.createElement("span");
    text.className = "card-text";
    const title = document.createElement("span");
    title.className = "card-title";
    title.textContent = game.title;
    const summary = document.createElement("span");
    summary.className = "card-summary";
    summary.textContent = game.summary;
    text.append(title, summary);
    card.append(smallPicture(game), text);
    card.addEventListener("click", () => { $("#game").value = game.name; showOptions(); showOpponent(); });
    box.append(card);
  }
}

function markGameCard(name) {
  for (const card of document.querySelectorAll("#game-cards .game-card")) card.setAttribute("aria-pressed", String(card.dataset.game === name));
}

// A small board: the game's size (its option "size", else 6) in cells, two pieces in the middle.
function smallPicture(game) {
  const sizeOption = game.options.find((o) => o.name === "size");
  const n = Math.max(3, Math.min(19, Number(sizeOption && sizeOption.default) || 6));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 60");
  svg.setAttribute("class", "picture");
  svg.setAttribute("aria-hidden", "true");
  const add = (name, attributes) => {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    svg.append(element);
  };
  add("rect", { x: 0, y: 0, width: 60, height: 60, rx: 4, fill: "#f6e7c8" });
  const step = 52 / n;
  for (let i = 0; i <= n; i++) {
    add("line", { x1: 4 + i * step, x2: 4 + i * step, y1: 4, y2: 56, stroke: "#a9825a", "stroke-width": 0.6 });
    add("line", { y1: 4 + i * step, y2: 4 + i * step, x1: 4, x2: 56, stroke: "#a9825a", "stroke-width": 0.6 });
  }
  const middle = Math.floor(n / 2);
  add("circle", { cx: 4 + (middle - 0.5) * step, cy: 4 + (middle + 0.5) * step, r: step * 0.4, fill: "#5a4630" });
  add("circle", { cx: 4 + (middle + 0.5) * step, cy: 4 + (middle - 0.5) * step, r: step * 0.4, fill: "#fff", stroke: "#5a4630" });
  return svg;
}

// While the invited seat has not played yet, the invite link sits at the top with a copy button.
// Whether the invited seat is still to come: not here (its page open: presence) and not played yet.
function invitedWaiting(match, invite) {
  const seat = invite ? new URLSearchParams(invite.split("#")[1] || "").get("seat") : null;
  const here = Boolean((match.present || {})[seat]);
  return seat !== null && !here && !match.state.history.some((_, k) => moverOf(match, k) === seat);
}

function showInvite(match, invite) {
  const box = $("#invite-box");
  box.hidden = !invite || Boolean(match.result) || !invitedWaiting(match, invite);
  if (box.hidden) return;
  if ($("#invite-top").value !== invite) $("#invite-top").value = invite;
}

async function copyInvite() {
  const input = $("#invite-top");
  let done = false;
  try { await navigator.clipboard.writeText(input.value); done = true; } catch (error) {
    input.select();
    try { done = document.execCommand("copy"); } catch (again) { done = false; }
  }
  $("#copied").textContent = done ? "Copied: paste it in a message to your opponent." : "Select the link and copy it.";
  input.select();
}

// -- leaving a game going on asks first (in the page) --
function mustAskToLeave() {
  return Boolean(current && !current.result && !$("#play").hidden && Object.keys(tokens).some((p) => p in current.players));
}

function leave(hash) {
  if (!mustAskToLeave()) { location.hash = hash; return; }
  leaving = hash;
  $("#leave-confirm").hidden = false;
  $("#leave-confirm").scrollIntoView({ block: "nearest" });
  $("#leave-no").focus();
}

// -- the sound of an opponent's move: a short beep (Web Audio), off by default on a phone --
function soundOn() {
  const kept = localStorage.getItem(SOUND_KEY);
  if (kept !== null) return kept === "on";
  return !(window.matchMedia("(pointer: coarse)").matches || window.matchMedia("(max-width: 40rem)").matches);
}

function showSoundSwitch() {
  const on = soundOn();
  $("#sound").setAttribute("aria-pressed", String(on));
  $("#sound").textContent = on ? "Sound on" : "Sound off";
}

function moveSound(before, match) {
  const mine = Object.keys(tokens).filter((p) => p in match.players);
  // Only a player facing someone else hears the other's moves: not a spectator, nor one screen playing every seat.
  $("#sound").hidden = !mine.length || mine.length === Object.keys(match.players).length || Boolean(match.result);
  if (!before || !soundOn()) return;
  const history = match.state.history, players = match.state.players;
  if (history.length <= before.state.history.length) return;  // a takeback, or no move
  const mover = players[(history.length - 1) % players.length];
  if (!Object.keys(tokens).length || tokens[mover] !== undefined) return;  // a spectator, or this browser's own move
  beep();
}

function beep() {
  beeps += 1;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    const tone = audio.createOscillator(), gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.16);
  } catch (error) { /* no sound here: nothing to say */ }
}

// -- a board where nearly every point may be played (Verso 19x19 placing) marks them only on demand --
function quietBoard(parts, next) {
  const squares = $("#board").querySelectorAll(".square").length;
  const many = Boolean(parts) && !chosen.length && !parts.origins.length && next.size > 24 && next.size > squares / 2;
  const show = localStorage.getItem(SHOW_MOVES_KEY) === "on";
  $("#show-moves").hidden = !many;
  $("#show-moves").setAttribute("aria-pressed", String(show));
  $("#show-moves").textContent = show ? "Hide moves" : "Show moves";
  $("#board").classList.toggle("quiet", many && !show);
}

// -- the board the other way up: the drawing turned half round, the labels kept upright, left and below --
function flipBoard(svg) {
  if (!flipped || svg.classList.contains("no-board")) return;  // dice and cards (Game.board_drawn false): no way up to turn
  const keep = (e) => ["title", "desc", "style"].includes(e.localName) || e.classList.contains("board") || e.classList.contains("coord");
  const drawing = [...svg.children].filter((e) => !keep(e));
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const e of drawing) {
    if (!e.getBBox) continue;
    const box = e.getBBox();
    if (!box.width && !box.height) continue;
    x0 = Math.min(x0, box.x); y0 = Math.min(y0, box.y); x1 = Math.max(x1, box.x + box.width); y1 = Math.max(y1, box.y + box.height);
  }
  if (!isFinite(x0)) return;
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const uprights = [...svg.querySelectorAll("text:not(.coord)")].map((t) => { const b = t.getBBox(); return [t, b.x + b.width / 2, b.y + b.height / 2]; });
  const group = document.createElementNS(SVG, "g");
  group.setAttribute("class", "flipped");
  group.setAttribute("transform", "rotate(180 " + cx + " " + cy + ")");
  const anchor = svg.querySelector("text.coord");
  svg.insertBefore(group, drawing[0] || anchor);
  for (const e of drawing) group.append(e);
  for (const [t, x, y] of uprights) {  // a letter drawn on a piece stays readable
    const before = t.getAttribute("transform");
    t.setAttribute("transform", "rotate(180 " + x + " " + y + ")" + (before ? " " + before : ""));
  }
  const font = parseFloat(svg.getAttribute("font-size")) || 14;
  for (const label of svg.querySelectorAll("text.coord")) {
    const x = parseFloat(label.getAttribute("x")), y = parseFloat(label.getAttribute("y"));
    const along = label.getAttribute("text-anchor");
    if (along !== "end") label.setAttribute("x", String(2 * cx - x));  // the files run the other way
    if (along !== "middle") label.setAttribute("y", String(2 * cy - y + 0.72 * font));  // and the ranks
  }
  svg.classList.add("flipped");
}

// -- coordinates at least 10 CSS px high: a big board on a phone has its labels grow, and the picture the room for them --
function readableCoordinates(svg) {
  const labels = [...svg.querySelectorAll("text.coord")];
  const width = svg.getBoundingClientRect().width;
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (!labels.length || !width || box.length !== 4) return;
  const font = parseFloat(svg.getAttribute("font-size")) || 14;
  const wanted = 10.5, chars = Math.max(...labels.map((l) => l.textContent.length));
  if (font * width / box[2] >= wanted) return;
  // f * width / (box width + 0.64 * chars * (f - font)) = wanted: the labels widen the picture they are in.
  const size = wanted * (box[2] - 0.64 * chars * font) / (width - wanted * 0.64 * chars);
  if (!(size > font)) return;
  const wider = 0.64 * chars * (size - font) + 0.3 * size, taller = 1.25 * (size - font);
  for (const label of labels) {
    label.setAttribute("font-size", String(size));
    const y = parseFloat(label.getAttribute("y"));
    const along = label.getAttribute("text-anchor");
    label.setAttribute("y", String(y + (along === "middle" ? size - font : 0.36 * (size - font))));
  }
  const [x0, y0, w, h] = box;
  svg.setAttribute("viewBox", [x0 - wider, y0, w + wider, h + taller].join(" "));
  svg.setAttribute("width", String(w + wider));
  svg.setAttribute("height", String(h + taller));
  const back = svg.querySelector("rect.board");
  if (back) { back.setAttribute("x", String(x0 - wider)); back.setAttribute("width", String(w + wider)); back.setAttribute("height", String(h + taller)); }
}

function clubWiring() {
  $("#copy-invite").addEventListener("click", copyInvite);
  $("#leave-yes").addEventListener("click", () => { $("#leave-confirm").hidden = true; const to = leaving || ""; leaving = null; location.hash = to; });
  $("#leave-no").addEventListener("click", () => { $("#leave-confirm").hidden = true; leaving = null; });
  $("#home").addEventListener("click", (event) => { if (mustAskToLeave()) { event.preventDefault(); leave(""); } });
  let resized = null;  // dice and cards are laid out again for the board's new room (tableWidth), however it changed
  new ResizeObserver(() => {
    clearTimeout(resized);
    resized = setTimeout(() => { if (current && !$("#play").hidden && tableWidth() && boardKey() !== drawn) drawBoard(); }, 150);
  }).observe($("#board"));
  $("#flip").addEventListener("click", () => {
    flipped = !flipped;
    if (current) localStorage.setItem("boardgames:flip:" + current.id, flipped ? "1" : "0");
    $("#flip").setAttribute("aria-pressed", String(flipped));
    drawn = "";
    if (current) drawBoard();
  });
  $("#sound").addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    showSoundSwitch();
    if (soundOn()) beep();  // what it sounds like, and the audio allowed by this click
  });
  $("#show-moves").addEventListener("click", () => {
    localStorage.setItem(SHOW_MOVES_KEY, localStorage.getItem(SHOW_MOVES_KEY) === "on" ? "off" : "on");
    highlight();
  });
  showSoundSwitch();
}

// -- a club's page (issue 43): casual games, draws, rematches, names, messages, presence --------
// The lobby's part of a new game: casual (between people only) and this seat's name.
function clubChoices(opponent, players, mine, game) {
  const chosen = {};
  if (opponent !== "computer" && $("#club-casual").checked) chosen.casual = true;
  const name = $("#club-name").value.trim();
  if (name) chosen.names = { [turnOrder(game)[mine]]: name };
  return chosen;
}

// The lobby's three big choices start the game at once, so "casual" stays in view among the options:
// it counts only for "Invite a friend" and "Same screen" (clubChoices), never against the computer.
function showClubLobby() {
  $("#club-casual-label").hidden = false;
}

// "?ticket=…" for a seat's event stream (its token stays out of the URL), or "" for a spectator's.
async function clubTicket(id) {
  const token = viewToken();
  if (!token) return "";
  try { return "?ticket=" + encodeURIComponent((await api("POST", "/api/matches/" + id + "/ticket", undefined, token)).ticket); }
  catch (error) { return ""; }
}

function clubName(match, player) {
  const name = (match.names || {})[player];
  return name ? name + " (" + player + ")" : player;
}

function showClub(match) {
  const mine = Object.keys(tokens).filter((p) => p in match.players);
  const people = Object.keys(match.players).filter((p) => isPerson(match, p));
  const over = Boolean(match.result);
  $("#hint").hidden = match.hints === false;  // no engine help between people unless both agreed
  $("#club-casual-note").hidden = !(match.casual && people.length > 1);
  // Names and presence; the names on the clocks too.
  const present = match.present || {};
  $("#club-people").textContent = people.length > 1 ? people.map((p) => clubName(match, p) + (present[p] ? ": here" : ": away")).join(" · ") : "";
  for (const row of $("#clocks").querySelectorAll(".clock")) {
    const name = (match.names || {})[row.dataset.player];
    if (name) row.querySelector(".name").textContent = name + " · " + row.querySelector(".name").textContent;
  }
  // A draw offered: the other seat answers; the one who offered waits.
  const offer = match.draw_offer;
  $("#club-draw").hidden = over || !mine.length || people.length < 2;
  // With more than two people every other one answers: a seat that said yes waits for the rest.
  const yet = (asked, p) => p !== asked.by && !(asked.agreed || []).includes(p);
  const waitingFor = (asked) => ((asked.agreed || []).length ? " Waiting for " + stillToAgree(match, asked.by, asked) + "." : "");
  const answering = offer && mine.some((p) => yet(offer, p));
  $("#club-draw-text").textContent = !offer ? "" : (answering ? clubName(match, offer.by) + " offers a draw." : mine.includes(offer.by) ? "You offered a draw." : clubName(match, offer.by) + " offers a draw.") + waitingFor(offer);
  $("#club-draw-offer").hidden = Boolean(offer);
  $("#club-draw-accept").hidden = $("#club-draw-decline").hidden = !answering;
  // A rematch, once the game is over.
  const asked = match.rematch_offer;
  $("#club-rematch").hidden = !over || !mine.length;
  const answer = asked && mine.some((p) => yet(asked, p));
  $("#club-rematch-text").textContent = match.rematch ? "The rematch is ready." : !asked ? "" : answer ? clubName(match, asked.by) + " asks a rematch." : "You asked a rematch.";
  $("#club-rematch-ask").hidden = Boolean(asked) || Boolean(match.rematch);
  $("#club-rematch-accept").hidden = $("#club-rematch-decline").hidden = !answer || Boolean(match.rematch);
  $("#club-rematch-go").hidden = !match.rematch;
  // Quick messages: the seats send, everyone sees the last few.
  $("#club-say").hidden = !mine.length;
  const list = $("#club-messages");
  list.innerHTML = "";
  for (const message of (match.messages || []).slice(-5)) {
    const item = document.createElement("li");
    item.textContent = (message.name || message.player) + ": " + message.text;
    list.append(item);
  }
}

async function clubAct(path, body) {
  if (!current) return;
  const offer = path.startsWith("draw") ? current.draw_offer : current.rematch_offer;
  // An answer is the other seat's; an offer any seat of this browser's (the one to move first).
  const by = body && offer ? Object.keys(tokens).find((p) => p !== offer.by && !(offer.agreed || []).includes(p)) : current.to_move in tokens ? current.to_move : null;
  try {
    const answer = await api("POST", "/api/matches/" + current.id + "/" + path, body, tokenFor(by));
    accept(answer);
  } catch (error) { say(error.message); }
}

function clubAnswer(path, yes) {
  const offer = path === "draw" ? current.draw_offer : current.rematch_offer;
  if (offer) clubAct(path + "/answer", { accept: yes, id: offer.id });
}

// Each seat of this browser fetches its own seat in the rematch, with its own old token.
async function clubGoToRematch() {
  if (!current || !current.rematch) return;
  const kept = {};
  let id = current.rematch;
  try {
    for (const token of Object.values(tokens)) {
      const seat = await api("GET", "/api/matches/" + current.id + "/rematch", undefined, token);
      kept[seat.player] = seat.token;
      id = seat.id;
    }
  } catch (error) { say(error.message); return; }
  localStorage.setItem("boardgames:" + id, JSON.stringify(kept));
  location.hash = "match=" + id;
}

function wireClub() {
  // A page left (or kept in the browser's back-forward cache) closes its stream: its seat is away until it comes back.
  window.addEventListener("pagehide", closeStream);
  window.addEventListener("pageshow", (event) => { if (event.persisted && current && !stream) openStream(current.id); });
  $("#opponent").addEventListener("change", showClubLobby);
  showClubLobby();
  $("#club-draw-offer").addEventListener("click", () => clubAct("draw"));
  $("#club-draw-accept").addEventListener("click", () => clubAnswer("draw", true));
  $("#club-draw-decline").addEventListener("click", () => clubAnswer("draw", false));
  $("#club-rematch-ask").addEventListener("click", () => clubAct("rematch"));
  $("#club-rematch-accept").addEventListener("click", () => clubAnswer("rematch", true));
  $("#club-rematch-decline").addEventListener("click", () => clubAnswer("rematch", false));
  $("#club-rematch-go").addEventListener("click", clubGoToRematch);
  $("#club-say").addEventListener("submit", (event) => {
    event.preventDefault();
    if (current) api("POST", "/api/matches/" + current.id + "/say", { message: $("#club-message").value }, tokenFor(null)).then(accept, (error) => say(error.message));
  });
}

// -- wiring ----------------------------------------------------------------------
function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("match")) openMatch(params.get("match"), params);
  else showLobby();
}

window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", () => {
  $("#game").addEventListener("change", () => { showOptions(); showOpponent(); });
  $("#agent").addEventListener("change", showAgent);
  $("#seat").addEventListener("change", () => showSeatKinds(turnOrder(chosenGame())));
  $("#opponent").addEventListener("change", showOpponent);
  $("#new-game").addEventListener("submit", startGame);
  $("#upload-form").addEventListener("submit", uploadRecord);
  $("#typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("#typed-move").value.trim();
    if (!text || !current) return;
    const why = whyNot(true);
    if (why) { say(why); return; }
    $("#typed-move").value = "";
    play(text);
  });
  $("#as-is").addEventListener("click", () => { const parts = partsNow(); if (chosen.length && parts && parts.complete) finish(moveText(chosen, roles)); });
  $("#pass").addEventListener("click", () => play("pass"));
  $("#undo").addEventListener("click", () => act("undo"));
  $("#hint").addEventListener("click", () => act("hint"));
  $("#takeback-accept").addEventListener("click", () => answerTakeback(true));
  $("#takeback-decline").addEventListener("click", () => answerTakeback(false));
  $("#resign").addEventListener("click", () => { $("#resign-confirm").hidden = false; $("#resign-no").focus(); });
  $("#resign-no").addEventListener("click", () => { $("#resign-confirm").hidden = true; });
  $("#resign-yes").addEventListener("click", () => { $("#resign-confirm").hidden = true; act("resign"); });
  $("#new").addEventListener("click", () => leave(""));
  clubWiring();
  $("#back-to-game").addEventListener("click", () => lookAt(null));
  $("#review").addEventListener("click", fetchReview);
  $("#try").addEventListener("click", startTrying);
  $("#try-cancel").addEventListener("click", stopTrying);
  $("#try-typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("#try-move").value.trim();
    if (text && trying) { $("#try-move").value = ""; tryMove(text); }
  });
  $("#nav-first").addEventListener("click", () => lookAt(0));
  $("#nav-prev").addEventListener("click", () => step(-1));
  $("#nav-next").addEventListener("click", () => step(1));
  $("#nav-last").addEventListener("click", () => lookAt(null));
  $("#board").addEventListener("keydown", boardKeys);
  $("#zoom").addEventListener("click", () => {
    const zoomed = $("#board").classList.toggle("zoomed");
    $("#zoom").setAttribute("aria-pressed", String(zoomed));
    $("#zoom").textContent = zoomed ? "Fit the board to the screen" : "Zoom the board";
  });
  if (window.matchMedia("(max-width: 40rem)").matches) $("#legend").open = false;  // on a phone the board comes first
  // The focus square shows for the keyboard, not for a click of the mouse (which focuses the board too).
  $("#board").addEventListener("focus", () => { if ($("#board").matches(":focus-visible")) { if (!focusSquare) moveFocus(null); else announceFocus(); } });
  $("#board").addEventListener("blur", () => { $("#focus-name").textContent = ""; });
  document.addEventListener("keydown", pageKeys);
  wireClub();
  route();
});
