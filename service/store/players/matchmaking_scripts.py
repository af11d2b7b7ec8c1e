"""The shared Lua of matchmaking (`service.store.players.matchmaking_store`): every key in the
`{mm}` slot; the seeks' scripts are `seek_scripts`, the challenges' and offers' `offer_scripts`.

Each script first forgets what has expired (`SWEEP`, at most `SWEEP_BATCH` entries per call),
so seeks, challenges and offers leave the pool and the lists when they expire even on a replica
with no background loop running; a search or a list that meets an expired entry before the
sweep does removes it there (`expire_seek`, `close_challenge`), so an expired entry is never
read twice. The `expiry` sorted set holds `<kind>|<id>` members (`s` seek, `c` challenge, `r`
rematch offer, `m` finished match) scored by the millisecond they expire or, once settled, are
forgotten. An open seek's entries in the pool's index are kept apart from its record (`places`,
id -> JSON list), so they leave with it and no record or match carries them. `holds` counts
what a player or an address holds open (`<kind>\\n<holder>\\n<id>`:
`sa` seeks of an address, `cm` challenges a player made, `cr` challenges a player received,
`ca` challenges made from an address). Ids never hold `|`; seek and challenge JSON is written by
Python and only read here (never re-encoded), so options keep their exact JSON.
"""

from __future__ import annotations

SWEEP_BATCH = 128
"""Expired entries one script forgets before its own work."""

HEAD = """
local K = {seeks = KEYS[1], state = KEYS[2], pool = KEYS[3], owners = KEYS[4],
  expiry = KEYS[5], matches = KEYS[6], pending = KEYS[7], challenges = KEYS[8],
  rematches = KEYS[9], tokens = KEYS[10], invites = KEYS[11], index = KEYS[12],
  holds = KEYS[13], places = KEYS[14]}
"""
"""KEYS in the order of `player_keys.MATCHMAKING_FIELDS`."""

SWEEP = (
    """
local now = tonumber(ARGV[1])
local retain = tonumber(ARGV[2])
local swept = 0
local function forget_seek(id, s)
  if not s then
    local raw = redis.call('HGET', K.seeks, id)
    if not raw then return end
    s = cjson.decode(raw)
  end
  if s.member then redis.call('ZREM', K.pool, s.member) end
  local places = redis.call('HGET', K.places, id)
  if places then
    local members = cjson.decode(places)
    if #members > 0 then redis.call('ZREM', K.index, unpack(members)) end
    redis.call('HDEL', K.places, id)
  end
  redis.call('ZREM', K.owners, s.owner)
  if s.hold then redis.call('ZREM', K.holds, s.hold) end
end
local function close_challenge(id, c)
  redis.call('ZREM', K.invites, c.from .. '\\n' .. id)
  for _, p in ipairs(c.to) do redis.call('ZREM', K.invites, p .. '\\n' .. id) end
  if c.listed and #c.listed > 0 then redis.call('ZREM', K.invites, unpack(c.listed)) end
  if c.holds and #c.holds > 0 then redis.call('ZREM', K.holds, unpack(c.holds)) end
end
local function settle(member, id, status)
  redis.call('HSET', K.state, id, status)
  redis.call('ZADD', K.expiry, now + retain, member)
end
local function expire_seek(id, s)
  forget_seek(id, s)
  settle('s|' .. id, id, 'expired')
end
local function expire_challenge(id, c)
  close_challenge(id, c)
  settle('c|' .. id, id, 'expired')
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', K.expiry, '-inf', now, 'LIMIT', 0, """
    + str(SWEEP_BATCH)
    + """)) do
  swept = swept + 1
  local kind, id = string.sub(member, 1, 1), string.sub(member, 3)
  local status = redis.call('HGET', K.state, id)
  if kind == 's' and status == 'open' then
    expire_seek(id, nil)
  elseif kind == 'c' and status == 'open' then
    local raw = redis.call('HGET', K.challenges, id)
    if raw then close_challenge(id, cjson.decode(raw)) end
    settle(member, id, 'expired')
  else
    redis.call('ZREM', K.expiry, member)
    if kind == 's' or kind == 'c' then redis.call('HDEL', K.state, id, id .. '|accepted') end
    if kind == 's' then redis.call('HDEL', K.seeks, id) end
    if kind == 'c' then
      local raw = redis.call('HGET', K.challenges, id)
      if raw then close_challenge(id, cjson.decode(raw)) end
      redis.call('HDEL', K.challenges, id)
    end
    if kind == 'r' then redis.call('HDEL', K.rematches, id) end
    if kind == 'm' then
      redis.call('HDEL', K.matches, id)
      redis.call('HDEL', K.tokens, id)
    end
  end
end
local function new_match(id, record)
  redis.call('HSET', K.matches, id, cjson.encode(record))
  redis.call('ZADD', K.pending, now + tonumber(ARGV[3]), id)
end
local function add_all(key, members)
  if #members == 0 then return end
  local args = {}
  for _, m in ipairs(members) do
    args[#args + 1] = 0
    args[#args + 1] = m
  end
  redis.call('ZADD', key, unpack(args))
end
"""
)
"""Shared head: ARGV 1 now ms, 2 retain ms, 3 lease ms; `K` names the keys (set by `HEAD`)."""

CLAIM = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 limit: matches whose lease ran out, each leased again to the caller
local due = redis.call('ZRANGEBYSCORE', K.pending, '-inf', now, 'LIMIT', 0, tonumber(ARGV[4]))
for _, id in ipairs(due) do
  redis.call('ZADD', K.pending, now + tonumber(ARGV[3]), id)
end
return due
"""
)

SWEEP_ONLY = (
    HEAD
    + SWEEP
    + """
return swept
"""
)

DONE = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 match id, 5 seat tokens JSON ('' for none)
if ARGV[5] ~= '' then redis.call('HSET', K.tokens, ARGV[4], ARGV[5]) end
redis.call('ZREM', K.pending, ARGV[4])
redis.call('ZADD', K.expiry, now + retain, 'm|' .. ARGV[4])
return 1
"""
)
