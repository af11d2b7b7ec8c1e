'use strict';
// Spectators on one match of server.js (issue 41, item 2: the peer's side).
//
//   node spectate.js --port 8931 --server-pid PID [--counts 0,1,10,100,1000]
//                    [--seconds 5] [--warmup-moves 10] [--out results.json]
//
// For each count N: creates a match through the Lobby REST API, joins seats 0 and 1,
// connects the two players and N spectators (socket.io clients that `sync` onto the match
// without a playerID: boardgame.io sends them every update, through the game's playerView),
// each on its own websocket, then plays the match in a closed loop: a player moves, and the
// next move is made only once every spectator and both players have received the update
// of the last one (as bench/spectators.py waits for every stream to write each event).
// After --warmup-moves moves it reads the server's CPU (/proc/PID/stat, utime + stime),
// plays for --seconds and reads it again. One move is one event. Printed (and written to
// --out) as JSON: per count, moves, server CPU per event and its ratio to N = 1.

const fs = require('fs');
const os = require('os');
const { execSync } = require('child_process');
const { performance } = require('perf_hooks');
const { io } = require('socket.io-client');

function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}

const PORT = Number(arg('port', 8931));
const BASE = `http://127.0.0.1:${PORT}`;
const GAME = 'four-in-a-row';
const SERVER_PID = arg('server-pid', '');
const COUNTS = arg('counts', '0,1,10,100,1000').split(',').filter(Boolean).map(Number);
const SECONDS = Number(arg('seconds', 5));
const WARMUP_MOVES = Number(arg('warmup-moves', 10));
const OUT = arg('out', '');
const WAIT_MS = 120000;
const COLS = 7;
const ROWS = 6;

let CLK_TCK = 100;
try {
  CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
} catch (_) {}

function serverCpuSeconds() {
  const s = fs.readFileSync(`/proc/${SERVER_PID}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / CLK_TCK;
}

async function post(path, body) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

async function waitForServer() {
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/games`)).ok) return;
    } catch (_) {}
    if (Date.now() > deadline) throw new Error(`server at ${BASE} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function within(promise, what) {
  let timer;
  const timeout = new Promise((_, rej) => {
    timer = setTimeout(() => rej(new Error(`timed out: ${what}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// One socket on the match: a player (playerID, credentials) or a spectator (neither).
// `updates` counts the updates it received; `onUpdate` is called with each.
function connect(matchID, playerID, credentials, onUpdate) {
  const socket = io(`${BASE}/${GAME}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  const client = { socket, state: null, updates: 0 };
  client.synced = new Promise((resolve) => {
    socket.on('sync', (mid, info) => {
      if (mid !== matchID || !info || !info.state) return;
      client.state = info.state;
      resolve();
    });
  });
  socket.on('connect', () => socket.emit('sync', matchID, playerID, credentials, 2));
  socket.on('update', (mid, state) => {
    if (mid !== matchID) return;
    client.state = state;
    client.updates++;
    onUpdate(client);
  });
  socket.on('connect_error', (e) => console.error(`connect_error ${e.message}`));
  return client;
}

async function measure(n) {
  const { matchID } = await post(`/games/${GAME}/create`, { numPlayers: 2 });
  const creds = {};
  for (const playerID of ['0', '1']) {
    creds[playerID] = (await post(`/games/${GAME}/${matchID}/join`, { playerID, playerName: `p${playerID}` }))
      .playerCredentials;
  }
  // Every socket's updates are counted together: after k moves, (n + 2) * k have arrived.
  let arrived = 0;
  let target = 0;
  let reached = null;
  const onUpdate = () => {
    arrived++;
    if (reached && arrived >= target) {
      const r = reached;
      reached = null;
      r();
    }
  };
  const players = ['0', '1'].map((pid) => connect(matchID, pid, creds[pid], onUpdate));
  const spectators = [];
  for (let i = 0; i < n; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 100); j++) batch.push(connect(matchID, null, undefined, onUpdate));
    await within(Promise.all(batch.map((c) => c.synced)), `${n} spectators sync`);
    spectators.push(...batch);
  }
  await within(Promise.all(players.map((p) => p.synced)), 'players sync');
  const sockets = n + 2;
  let moves = 0;
  const rand = (() => {
    let x = 12345;
    return () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 4294967296;
    };
  })();

  async function move() {
    const current = players[0].state.ctx.currentPlayer;
    const p = players[Number(current)];
    const st = p.state;
    const open = [];
    for (let c = 0; c < COLS; c++) if (st.G.heights[c] < ROWS) open.push(c);
    const col = open[Math.floor(rand() * open.length)];
    moves++;
    target = sockets * moves;
    const done = new Promise((resolve) => (reached = resolve));
    p.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'drop', args: [col], playerID: current, credentials: creds[current] } },
      st._stateID,
      matchID,
      current,
    );
    await within(done, `move ${moves} reaching ${sockets} sockets`);
  }

  for (let i = 0; i < WARMUP_MOVES; i++) await move();
  const cpu0 = serverCpuSeconds();
  const t0 = performance.now();
  const first = moves;
  while (performance.now() - t0 < SECONDS * 1000) await move();
  const cpu = serverCpuSeconds() - cpu0;
  const wall = (performance.now() - t0) / 1000;
  const events = moves - first;
  for (const c of [...players, ...spectators]) c.socket.close();
  await new Promise((r) => setTimeout(r, 300)); // the server lets go of the sockets
  const missing = spectators.filter((s) => s.updates !== moves).length;
  if (missing) throw new Error(`${missing} spectators missed updates`);
  return {
    streams: n,
    events,
    events_per_s: Math.round((events / wall) * 10) / 10,
    server_cpu_s: Math.round(cpu * 1000) / 1000,
    cpu_us: Math.round((cpu / events) * 1e7) / 10,
  };
}

async function main() {
  await waitForServer();
  const load_before = os.loadavg();
  const rows = [];
  for (const n of COUNTS) rows.push(await measure(n));
  const one = (rows.find((r) => r.streams === 1) || rows[0]).cpu_us;
  for (const r of rows) r.ratio = one > 0 ? Math.round((r.cpu_us / one) * 100) / 100 : null;
  const out = {
    seconds: SECONDS,
    load_before,
    load_after: os.loadavg(),
    cores: os.cpus().length,
    node: process.version,
    bgio: require('boardgame.io/package.json').version,
    rows,
  };
  if (OUT) fs.writeFileSync(OUT, JSON.stringify(out, null, 1));
  console.log(JSON.stringify(out));
  setTimeout(() => process.exit(0), 100).unref();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
