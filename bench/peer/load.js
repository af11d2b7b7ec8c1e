'use strict';
// Load generator for server.js.
//
//   node load.js --port 8931 --server-pid PID [--matches 16] [--warmup 3] [--duration 15]
//                [--client raw|official] [--match-moves 0] [--expect-rate 8000]
//                [--invalid-rate 0] [--label NAME] [--out results.jsonl] [--store-pid PID]
//
// 1. Creates matches through the Lobby REST API (POST /games/<name>/create, then
//    POST /games/<name>/<matchID>/join for seats 0 and 1 -> playerCredentials).
// 2. Keeps --matches matches in play at once, two clients per match, each on its
//    own socket.io connection (websocket transport only). Every client makes a
//    move as soon as an update arrives that says it is its turn, so exactly one
//    move is in flight per match (the game is strictly turn-based).
//      --client raw       speaks boardgame.io's socket.io protocol directly
//                         ('sync' / 'update' events) with socket.io-client; the
//                         client only reads G.heights to pick a legal column.
//      --client official  uses Client from 'boardgame.io/client' with the SocketIO
//                         transport from 'boardgame.io/multiplayer' (runs the game
//                         reducer on the client too, as a browser would). Endless
//                         matches only (--match-moves 0).
//    With --match-moves L (must equal the server's MATCH_MOVES) a match ends after
//    L moves and its two clients re-sync onto a fresh match taken from a pool that
//    was created before the clock started (sized from --expect-rate; if it runs
//    dry, more are created on the fly and counted in created_during_run).
// 3. After --warmup seconds it measures for --duration seconds: per accepted move
//    the time from emitting the move to the mover's socket receiving the updated
//    state; accepted moves/s; server CPU time (from /proc/PID/stat, whole process
//    and main thread), the load generator's own CPU time, and whole-machine busy %.

const fs = require('fs');
const os = require('os');
const { execSync } = require('child_process');
const { performance } = require('perf_hooks');
const { io } = require('socket.io-client');

function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}

const HOST = '127.0.0.1';
const PORT = Number(arg('port', 8931));
const BASE = `http://${HOST}:${PORT}`;
const GAME = 'four-in-a-row';
const M = Number(arg('matches', 16));
const WARMUP_S = Number(arg('warmup', 3));
const DURATION_S = Number(arg('duration', 15));
const CLIENT = arg('client', 'raw');
const MATCH_MOVES = Number(arg('match-moves', 0));
const EXPECT_RATE = Number(arg('expect-rate', 8000));
const SERVER_PID = arg('server-pid', '');
// the store's processes (PostgreSQL's postmaster and every backend below it), read like the server
const STORE_PID = arg('store-pid', '');
const LABEL = arg('label', '');
const OUT = arg('out', '');
const INVALID_RATE = Number(arg('invalid-rate', 0));
const COLS = 7;
const ROWS = 6;

if (!['raw', 'official'].includes(CLIENT)) {
  console.error('--client must be raw or official');
  process.exit(2);
}
if (CLIENT === 'official' && (INVALID_RATE > 0 || MATCH_MOVES > 0)) {
  console.error('--client official supports endless matches only (--match-moves 0, --invalid-rate 0)');
  process.exit(2);
}

// ---------------------------------------------------------------- CPU probes
let CLK_TCK = 100;
try {
  CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
} catch (_) {}

function procCpuSeconds(statPath) {
  try {
    const s = fs.readFileSync(statPath, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK; // utime + stime
  } catch (_) {
    return NaN;
  }
}

function procRssMiB(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch (_) {
    return NaN;
  }
}

// CPU seconds of `root` and every process below it (PostgreSQL forks a backend per connection).
function treeCpuSeconds(root) {
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(f[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch (_) {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop();
    const s = procCpuSeconds(`/proc/${pid}/stat`);
    if (!Number.isNaN(s)) total += s;
    todo.push(...(children.get(pid) || []));
  }
  return total;
}

function machineTicks() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), idle: f[3] + (f[4] || 0) };
}

function cpuSnapshot() {
  const u = process.cpuUsage();
  return {
    t: performance.now(),
    server: SERVER_PID ? procCpuSeconds(`/proc/${SERVER_PID}/stat`) : NaN,
    // the server's main thread alone: Node runs all game logic and I/O callbacks on it
    serverMain: SERVER_PID ? procCpuSeconds(`/proc/${SERVER_PID}/task/${SERVER_PID}/stat`) : NaN,
    client: (u.user + u.system) / 1e6,
    store: STORE_PID ? treeCpuSeconds(Number(STORE_PID)) : 0,
    machine: machineTicks(),
  };
}

// ---------------------------------------------------------------- helpers
async function post(path, body) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

async function waitForServer(timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${BASE}/games`);
      if (res.ok) return;
    } catch (_) {}
    if (Date.now() > deadline) throw new Error(`server at ${BASE} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let matchCounter = 0;
async function createMatch() {
  const i = matchCounter++;
  const { matchID } = await post(`/games/${GAME}/create`, { numPlayers: 2 });
  const creds = {};
  for (const playerID of ['0', '1']) {
    const j = await post(`/games/${GAME}/${matchID}/join`, { playerID, playerName: `p${playerID}-${i}` });
    creds[playerID] = j.playerCredentials;
  }
  return { matchID, creds };
}

async function createMatches(n, concurrency = 4) {
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      out.push(await createMatch());
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  return out;
}

function rng(seed) {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function pickColumn(G, rand) {
  const open = [];
  for (let c = 0; c < COLS; c++) if (G.heights[c] < ROWS) open.push(c);
  return open[Math.floor(rand() * open.length)];
}

function pct(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

// ---------------------------------------------------------------- measurement state
const stats = {
  recording: false,
  running: false,
  tStart: 0,
  latencies: [], // ms, accepted moves acked inside the window
  accepted: 0,
  rejected: 0, // updates that came back with an unchanged stateID (INVALID_MOVE)
  sentInvalid: 0,
  perSecond: [],
  matchesFinished: 0,
  matchesFinishedInWindow: 0,
  createdDuringRun: 0,
};
const movesSeen = new Map(); // matchID -> highest G.moves seen by any client

function noteMoves(matchID, state) {
  if (state && state.G && (movesSeen.get(matchID) || 0) < state.G.moves) movesSeen.set(matchID, state.G.moves);
}
function totalMovesSeen() {
  let n = 0;
  for (const v of movesSeen.values()) n += v;
  return n;
}

function recordAck(t0, now, accepted) {
  if (!stats.recording) return;
  if (accepted) {
    stats.accepted++;
    stats.latencies.push(now - t0);
    const sec = Math.floor((now - stats.tStart) / 1000);
    stats.perSecond[sec] = (stats.perSecond[sec] || 0) + 1;
  } else {
    stats.rejected++;
  }
}

// ---------------------------------------------------------------- match pool
const pool = [];
async function nextMatch() {
  if (pool.length) return pool.shift();
  stats.createdDuringRun++;
  return createMatch();
}

// ---------------------------------------------------------------- raw protocol
// A Slot is one table: two players, each with their own socket, playing one match
// after another.
class Slot {
  constructor(index, match) {
    this.index = index;
    this.match = match;
    this.players = ['0', '1'].map((pid) => new RawPlayer(this, pid));
  }

  async rollover(oldMatchID) {
    if (this.match.matchID !== oldMatchID || this.rolling) return;
    this.rolling = true;
    stats.matchesFinished++;
    if (stats.recording) stats.matchesFinishedInWindow++;
    if (!stats.running) return; // run is over: leave the table idle
    const m = await nextMatch();
    this.match = m;
    this.rolling = false;
    for (const p of this.players) p.sync();
  }
}

class RawPlayer {
  constructor(slot, playerID) {
    this.slot = slot;
    this.playerID = playerID;
    this.state = null;
    this.pending = null; // { t0, stateID, matchID }
    this.rand = rng(1000 + slot.index * 2 + Number(playerID));
    this.synced = new Promise((resolve) => (this._onFirstSync = resolve));
  }

  start() {
    const s = io(`${BASE}/${GAME}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    this.socket = s;
    s.on('connect', () => this.sync());
    s.on('sync', (matchID, syncInfo) => this.onSync(matchID, syncInfo));
    s.on('update', (matchID, state) => this.onUpdate(matchID, state));
    s.on('connect_error', (e) => console.error(`connect_error ${e.message}`));
  }

  sync() {
    const m = this.slot.match;
    this.state = null;
    this.socket.emit('sync', m.matchID, this.playerID, m.creds[this.playerID], 2);
  }

  onSync(matchID, syncInfo) {
    if (matchID !== this.slot.match.matchID || !syncInfo || !syncInfo.state) return;
    this.state = syncInfo.state;
    this._onFirstSync();
    this.maybeMove();
  }

  onUpdate(matchID, state) {
    const now = performance.now();
    noteMoves(matchID, state);
    const pend = this.pending;
    if (pend && pend.matchID === matchID) {
      if (state._stateID > pend.stateID) {
        recordAck(pend.t0, now, true);
        this.pending = null;
      } else if (state._stateID === pend.stateID && state.ctx.currentPlayer === this.playerID) {
        // The server answered with the unchanged state: the move was rejected.
        recordAck(pend.t0, now, false);
        this.pending = null;
      }
    }
    if (matchID !== this.slot.match.matchID) return; // late broadcast from a finished match
    this.state = state;
    if (state.ctx.gameover !== undefined) {
      this.slot.rollover(matchID);
      return;
    }
    this.maybeMove();
  }

  maybeMove() {
    const st = this.state;
    if (!stats.running || this.pending || !st || st.ctx.gameover !== undefined) return;
    if (st.ctx.currentPlayer !== this.playerID) return;
    const m = this.slot.match;
    let col = pickColumn(st.G, this.rand);
    if (INVALID_RATE > 0 && this.rand() < INVALID_RATE) {
      col = COLS; // out of range -> the move returns INVALID_MOVE
      if (stats.recording) stats.sentInvalid++;
    }
    this.pending = { t0: performance.now(), stateID: st._stateID, matchID: m.matchID };
    this.socket.emit(
      'update',
      {
        type: 'MAKE_MOVE',
        payload: { type: 'drop', args: [col], playerID: this.playerID, credentials: m.creds[this.playerID] },
      },
      st._stateID,
      m.matchID,
      this.playerID,
    );
  }

  stop() {
    if (this.socket) this.socket.close();
  }
}

// ---------------------------------------------------------------- official client
class OfficialPlayer {
  constructor(slot, playerID, lib) {
    this.slot = slot;
    this.playerID = playerID;
    this.lib = lib;
    this.rand = rng(1000 + slot.index * 2 + Number(playerID));
    this.pending = null; // { t0, turn }
    this.synced = new Promise((resolve) => (this._onSynced = resolve));
    this.isSynced = false;
    this.scheduled = false;
  }

  start() {
    const m = this.slot.match;
    this.client = this.lib.Client({
      game: this.lib.game,
      matchID: m.matchID,
      playerID: this.playerID,
      credentials: m.creds[this.playerID],
      multiplayer: this.lib.SocketIO({
        server: BASE,
        socketOpts: { transports: ['websocket'], forceNew: true, reconnection: false },
      }),
      debug: false,
    });
    this.client.subscribe((state) => this.onState(state));
    this.client.start();
    this.client.transport.socket.on('sync', () => {
      this.isSynced = true;
      this._onSynced();
      this.maybeMove();
    });
  }

  onState(state) {
    if (!state || !this.isSynced) return;
    noteMoves(this.slot.match.matchID, state);
    // The client applies its own move optimistically (same ctx.turn); the server's
    // update is the first state with a later turn.
    if (this.pending && state.ctx.turn > this.pending.turn) {
      recordAck(this.pending.t0, performance.now(), true);
      this.pending = null;
    }
    this.maybeMove();
  }

  maybeMove() {
    if (!stats.running || this.pending || this.scheduled || !this.isSynced) return;
    const st = this.client.getState();
    if (!st || st.ctx.currentPlayer !== this.playerID || !st.isActive) return;
    // Make the move outside the subscriber callback (no re-entrant dispatch).
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      const cur = this.client.getState();
      if (!stats.running || this.pending || cur.ctx.currentPlayer !== this.playerID) return;
      this.pending = { t0: performance.now(), turn: cur.ctx.turn };
      this.client.moves.drop(pickColumn(cur.G, this.rand));
    });
  }

  stop() {
    if (this.client) this.client.stop();
  }
}

// ---------------------------------------------------------------- main
async function main() {
  await waitForServer();

  // 1. Lobby: the M matches in play plus (for finite matches) a pool of fresh ones.
  const tLobby = performance.now();
  const first = await createMatches(M);
  if (MATCH_MOVES > 0) {
    const need = Math.ceil((EXPECT_RATE * (WARMUP_S + DURATION_S + 2)) / MATCH_MOVES);
    pool.push(...(await createMatches(need)));
  }
  const lobbyMs = performance.now() - tLobby;

  // 2. Connect + sync.
  const slots = first.map((m, i) => {
    const slot = { index: i, match: m };
    if (CLIENT === 'raw') return new Slot(i, m);
    const lib = {
      Client: require('boardgame.io/client').Client,
      SocketIO: require('boardgame.io/multiplayer').SocketIO,
      game: require('./game').FourInARow,
    };
    slot.players = ['0', '1'].map((pid) => new OfficialPlayer(slot, pid, lib));
    return slot;
  });
  const players = slots.flatMap((s) => s.players);
  players.forEach((p) => p.start());
  await Promise.race([
    Promise.all(players.map((p) => p.synced)),
    new Promise((_, rej) => setTimeout(() => rej(new Error('sync timeout')), 15000)),
  ]);

  // Sanity check (raw client): an out-of-range column must be rejected by the rules.
  if (CLIENT === 'raw') {
    const p = slots[0].players[0];
    const before = p.state._stateID;
    const ok = await new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), 3000);
      p.socket.once('update', (_m, st) => {
        clearTimeout(t);
        resolve(st._stateID === before);
      });
      p.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'drop', args: [COLS], playerID: '0', credentials: slots[0].match.creds['0'] } },
        before,
        slots[0].match.matchID,
        '0',
      );
    });
    if (!ok) throw new Error('sanity check failed: an invalid move was not rejected');
  }

  // 3. Drive: warm-up, then the measured window.
  stats.running = true;
  players.forEach((p) => p.maybeMove());

  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  const movesAtStart = totalMovesSeen();
  const c0 = cpuSnapshot();
  stats.tStart = c0.t;
  stats.recording = true;

  await new Promise((r) => setTimeout(r, DURATION_S * 1000));
  stats.recording = false;
  const c1 = cpuSnapshot();
  const movesAtEnd = totalMovesSeen();
  const rssMiB = procRssMiB(SERVER_PID);
  stats.running = false;

  // Let in-flight moves finish, then disconnect.
  const drainDeadline = performance.now() + 3000;
  while (players.some((p) => p.pending) && performance.now() < drainDeadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  players.forEach((p) => p.stop());

  const wall = (c1.t - c0.t) / 1000;
  const lat = stats.latencies.slice().sort((a, b) => a - b);
  const mean = lat.reduce((a, b) => a + b, 0) / (lat.length || 1);
  const serverCpu = c1.server - c0.server;
  const serverMainCpu = c1.serverMain - c0.serverMain;
  const clientCpu = c1.client - c0.client;
  const mTotal = c1.machine.total - c0.machine.total;
  const mIdle = c1.machine.idle - c0.machine.idle;
  const r3 = (x) => Math.round(x * 1000) / 1000;
  const r1 = (x) => Math.round(x * 10) / 10;
  const result = {
    label: LABEL,
    client: CLIENT,
    matches: M,
    match_moves: MATCH_MOVES,
    warmup_s: WARMUP_S,
    window_s: r3(wall),
    accepted_moves: stats.accepted,
    moves_per_s: r1(stats.accepted / wall),
    server_counted_moves: movesAtEnd - movesAtStart,
    rejected_moves: stats.rejected,
    sent_invalid: stats.sentInvalid,
    latency_ms: {
      p50: r3(pct(lat, 50)),
      p90: r3(pct(lat, 90)),
      p99: r3(pct(lat, 99)),
      max: r3(lat[lat.length - 1]),
      mean: r3(mean),
    },
    server_cpu_s: r3(serverCpu),
    server_cpu_pct: r1((serverCpu / wall) * 100),
    server_main_thread_cpu_pct: r1((serverMainCpu / wall) * 100),
    server_cpu_us_per_move: Math.round((serverCpu / Math.max(1, stats.accepted)) * 1e6),
    store_cpu_us_per_move: Math.round(((c1.store - c0.store) / Math.max(1, stats.accepted)) * 1e6),
    client_cpu_s: r3(clientCpu),
    client_cpu_pct: r1((clientCpu / wall) * 100),
    machine_busy_pct: r1((1 - mIdle / mTotal) * 100),
    machine_cores: os.cpus().length,
    server_rss_mib: Math.round(rssMiB),
    matches_finished_in_window: stats.matchesFinishedInWindow,
    pool_left: pool.length,
    created_during_run: stats.createdDuringRun,
    per_second: stats.perSecond.slice(0, Math.round(wall)),
    lobby_setup_ms: Math.round(lobbyMs),
    node: process.version,
    bgio: require('boardgame.io/package.json').version,
    time: new Date().toISOString(),
  };
  if (OUT) fs.appendFileSync(OUT, JSON.stringify(result) + '\n');
  console.log(
    `${LABEL || 'run'} client=${CLIENT} matches=${M} match_moves=${MATCH_MOVES || 'endless'}: ` +
      `${result.moves_per_s} moves/s, p50 ${result.latency_ms.p50} ms, p99 ${result.latency_ms.p99} ms, ` +
      `server CPU ${result.server_cpu_s} s in ${result.window_s} s (${result.server_cpu_pct}% of a core, ` +
      `main thread ${result.server_main_thread_cpu_pct}%, ${result.server_cpu_us_per_move} us/move), ` +
      `client CPU ${result.client_cpu_pct}%, machine busy ${result.machine_busy_pct}% of ${result.machine_cores} cores, ` +
      `rejected ${result.rejected_moves}`,
  );
  setTimeout(() => process.exit(0), 100).unref();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
