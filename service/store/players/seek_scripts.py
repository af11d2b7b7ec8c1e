"""The Lua scripts of seeks (`service.store.players.matchmaking_store`), on the shared head and
sweep of `service.store.players.matchmaking_scripts` (the same keys, the same slot).

`SEEK` adds a seek and pairs it in one step: it reads the ranges of the pool's index that hold
the seeks compatible with it (`service.store.players.seek_index.lists`, nearest ratings first),
takes up to `PER_LIST` seeks per other human seat from each, skipping and removing on the way what
expired or left, and pairs it with the oldest of those (in pools of more humans, the oldest
that are compatible with each other too). Every seek it reads in those ranges is compatible
with the new one, so no number of seeks nobody can take can hide one that can be, and a search
reads at most `PER_LIST` x 26 x (humans - 1) seeks, plus the ones that expired (each removed
once) and the seeker's own.
"""

from __future__ import annotations

from boardstate.service.store.players.matchmaking_scripts import HEAD, SWEEP

PER_LIST = 2
"""Compatible seeks one search takes from each range it reads, per other human seat."""

SEEK = (
    HEAD
    + SWEEP
    + f"local PER_LIST = {PER_LIST}\n"
    + """
-- ARGV: 4 seek id, 5 seek JSON, 6 owner lo, 7 owner hi, 8 humans needed, 9 max open per
--       player, 10 expires at, 11 match id, 12 the lists to search (JSON), 13 address lo,
--       14 address hi, 15 max open per address ('' for no address), 16 its entries in the
--       index (JSON)
local id = ARGV[4]
local known = redis.call('HGET', K.seeks, id)
if known then
  return {'exists', redis.call('HGET', K.state, id) or '', cjson.decode(known).fingerprint or ''}
end
local mine = redis.call('ZLEXCOUNT', K.owners, ARGV[6], ARGV[7])
if mine >= tonumber(ARGV[9]) then return {'limit', 'player', tostring(mine)} end
if ARGV[15] ~= '' then
  local held = redis.call('ZLEXCOUNT', K.holds, ARGV[13], ARGV[14])
  if held >= tonumber(ARGV[15]) then return {'limit', 'address', tostring(held)} end
end
local me = cjson.decode(ARGV[5])
local function fits(a, b)
  return a.point >= b.first and a.point <= b.last and b.point >= a.first and b.point <= a.last
end
local need = tonumber(ARGV[8])
local group, ids, taken = {me}, {}, {[me.playerId] = true}
if need > 1 then
  local per, found = PER_LIST * (need - 1), {}
  local function usable(member)
    local other_id = string.match(member, '[^|]+$')
    local raw = redis.call('HGET', K.seeks, other_id)
    if not raw or redis.call('HGET', K.state, other_id) ~= 'open' then
      redis.call('ZREM', K.index, member)
      return nil
    end
    local other = cjson.decode(raw)
    if other.expiresAt <= now then
      expire_seek(other_id, other)
      return nil
    end
    if taken[other.playerId] or not fits(me, other) then return nil end
    other.id = other_id
    other.age = string.match(member, '^[^|]*|[^|]*|[^|]*|(.*)$')
    return other
  end
  for _, list in ipairs(cjson.decode(ARGV[12])) do
    local from, to, got = list[1], list[2], 0
    local read = list[3] == 'up' and 'ZRANGEBYLEX' or 'ZREVRANGEBYLEX'
    while got < per do
      local want = per - got + 4
      local page = redis.call(read, K.index, from, to, 'LIMIT', 0, want)
      for _, member in ipairs(page) do
        local other = usable(member)
        if other then
          found[#found + 1] = other
          got = got + 1
          if got >= per then break end
        end
      end
      if #page < want then break end
      from = '(' .. page[#page]
    end
  end
  table.sort(found, function(x, y) return x.age < y.age end)
  -- the oldest group: each candidate in turn (oldest first) as the second seat, the rest
  -- taken greedily oldest first among those compatible with every seat so far
  for start = 1, #found do
    local trial, trial_ids, trial_taken = {me}, {}, {[me.playerId] = true}
    for i = start, #found do
      local other = found[i]
      local ok = not trial_taken[other.playerId]
      for _, g in ipairs(trial) do ok = ok and fits(g, other) end
      if ok then
        trial[#trial + 1] = other
        trial_taken[other.playerId] = true
        trial_ids[#trial_ids + 1] = other.id
        if #trial == need then break end
      end
    end
    if #trial == need then
      group, ids = trial, trial_ids
      break
    end
  end
end
redis.call('HSET', K.seeks, id, ARGV[5])
if #group < need then
  redis.call('HSET', K.state, id, 'open')
  add_all(K.index, cjson.decode(ARGV[16]))
  redis.call('HSET', K.places, id, ARGV[16])
  redis.call('ZADD', K.owners, 0, me.owner)
  if me.hold then redis.call('ZADD', K.holds, 0, me.hold) end
  redis.call('ZADD', K.expiry, ARGV[10], 's|' .. id)
  return {'open', '', ''}
end
local match = ARGV[11]
local seeks = {}
for i, other_id in ipairs(ids) do
  seeks[#seeks + 1] = redis.call('HGET', K.seeks, other_id)
  forget_seek(other_id, group[i + 1])
  settle('s|' .. other_id, other_id, 'matched|' .. match)
end
seeks[#seeks + 1] = ARGV[5]
settle('s|' .. id, id, 'matched|' .. match)
new_match(match, {kind = 'seek', at = now, seeks = seeks})
return {'matched', match, ''}
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
forget_seek(ARGV[4], nil)
settle('s|' .. ARGV[4], ARGV[4], 'cancelled')
return 'cancelled'
"""
)

OPEN_SEEKS = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 owner lo, 5 owner hi: the player's open seeks, oldest first ({id, JSON} pairs)
local out = {}
for _, member in ipairs(redis.call('ZRANGEBYLEX', K.owners, ARGV[4], ARGV[5])) do
  local id = string.match(member, '[^\\n]+$')
  local raw = redis.call('HGET', K.seeks, id)
  if not raw or redis.call('HGET', K.state, id) ~= 'open' then
    redis.call('ZREM', K.owners, member)
  else
    local s = cjson.decode(raw)
    if s.expiresAt <= now then expire_seek(id, s) else
      out[#out + 1] = id
      out[#out + 1] = raw
    end
  end
end
return out
"""
)
