"""The Lua scripts of matchmaking (`service.store.matchmaking_store`): every key in the `{mm}` slot.

Each script first forgets what has expired (`SWEEP`, a bounded number of entries per call), so
seeks, challenges and offers expire lazily even on a replica with no background loop running.
The `expiry` sorted set holds `<kind>|<id>` members (`s` seek, `c` challenge, `r` rematch
offer, `m` finished match) scored by the millisecond they expire or, once settled, are
forgotten. Ids never hold `|`; seek JSON is written by Python and only read here (never
re-encoded), so options keep their exact JSON.
"""

from __future__ import annotations

SWEEP = """
local now = tonumber(ARGV[1])
local retain = tonumber(ARGV[2])
local function forget_seek(id)
  local raw = redis.call('HGET', K.seeks, id)
  if raw then
    local s = cjson.decode(raw)
    redis.call('ZREM', K.pool, s.member)
    redis.call('ZREM', K.owners, s.owner)
  end
end
local function settle(member, id, status)
  redis.call('HSET', K.state, id, status)
  redis.call('ZADD', K.expiry, now + retain, member)
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', K.expiry, '-inf', now, 'LIMIT', 0, 64)) do
  local kind, id = string.sub(member, 1, 1), string.sub(member, 3)
  local status = redis.call('HGET', K.state, id)
  if kind == 's' and status == 'open' then
    forget_seek(id)
    settle(member, id, 'expired')
  elseif kind == 'c' and status == 'open' then
    settle(member, id, 'expired')
  else
    redis.call('ZREM', K.expiry, member)
    if kind == 's' or kind == 'c' then redis.call('HDEL', K.state, id, id .. '|accepted') end
    if kind == 's' then redis.call('HDEL', K.seeks, id) end
    if kind == 'c' then
      local raw = redis.call('HGET', K.challenges, id)
      if raw then
        local c = cjson.decode(raw)
        redis.call('ZREM', K.invites, c.from .. '\\n' .. id)
        for _, p in ipairs(c.to) do redis.call('ZREM', K.invites, p .. '\\n' .. id) end
      end
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
"""
"""Shared head: ARGV 1 now ms, 2 retain ms, 3 lease ms; `K` names the keys (set by `HEAD`)."""

HEAD = """
local K = {seeks = KEYS[1], state = KEYS[2], pool = KEYS[3], owners = KEYS[4],
  expiry = KEYS[5], matches = KEYS[6], pending = KEYS[7], challenges = KEYS[8],
  rematches = KEYS[9], tokens = KEYS[10], invites = KEYS[11]}
"""
"""KEYS in the order of `player_keys.MATCHMAKING_FIELDS`."""

SEEK = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 seek id, 5 seek JSON, 6 pool member, 7 owner member, 8 owner lo, 9 owner hi,
--       10 pool lo, 11 pool hi, 12 humans needed, 13 max open, 14 expires at, 15 match id,
--       16 scan limit
local id = ARGV[4]
if redis.call('HEXISTS', K.seeks, id) == 1 then
  return {'exists', redis.call('HGET', K.state, id) or ''}
end
local mine = redis.call('ZRANGEBYLEX', K.owners, ARGV[8], ARGV[9])
if #mine >= tonumber(ARGV[13]) then return {'limit', tostring(#mine)} end
local me = cjson.decode(ARGV[5])
local function within(rating, s)
  return (s.min == nil or rating >= s.min) and (s.max == nil or rating <= s.max)
end
local group, taken, ids = {me}, {[me.playerId] = true}, {}
local need = tonumber(ARGV[12])
if need > 1 then
  local lo, hi, limit = ARGV[10], ARGV[11], tonumber(ARGV[16])
  for _, member in ipairs(redis.call('ZRANGEBYLEX', K.pool, lo, hi, 'LIMIT', 0, limit)) do
    local other_id = string.match(member, '[^|]+$')
    local raw = redis.call('HGET', K.seeks, other_id)
    if not raw then
      redis.call('ZREM', K.pool, member)
    elseif redis.call('HGET', K.state, other_id) == 'open' then
      local other = cjson.decode(raw)
      local fits = other.expiresAt > now and not taken[other.playerId]
      for _, g in ipairs(group) do
        fits = fits and within(other.rating, g) and within(g.rating, other)
      end
      if fits then
        group[#group + 1] = other
        taken[other.playerId] = true
        ids[#ids + 1] = other_id
        if #group == need then break end
      end
    end
  end
end
redis.call('HSET', K.seeks, id, ARGV[5])
if #group < need then
  redis.call('HSET', K.state, id, 'open')
  redis.call('ZADD', K.pool, 0, ARGV[6])
  redis.call('ZADD', K.owners, 0, ARGV[7])
  redis.call('ZADD', K.expiry, ARGV[14], 's|' .. id)
  return {'open', ''}
end
local match = ARGV[15]
local seeks = {}
for _, other_id in ipairs(ids) do
  seeks[#seeks + 1] = redis.call('HGET', K.seeks, other_id)
  forget_seek(other_id)
  settle('s|' .. other_id, other_id, 'matched|' .. match)
end
seeks[#seeks + 1] = ARGV[5]
settle('s|' .. id, id, 'matched|' .. match)
new_match(match, {kind = 'seek', at = now, seeks = seeks})
return {'matched', match}
"""
)

CANCEL_SEEK = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 seek id, 5 player id
local raw = redis.call('HGET', K.seeks, ARGV[4])
if not raw or cjson.decode(raw).playerId ~= ARGV[5] then return 'missing' end
local status = redis.call('HGET', K.state, ARGV[4])
if status ~= 'open' then return status or 'missing' end
forget_seek(ARGV[4])
settle('s|' .. ARGV[4], ARGV[4], 'cancelled')
return 'cancelled'
"""
)

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
