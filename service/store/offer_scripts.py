"""The Lua scripts of challenges and rematch offers (`service.store.matchmaking_store`), on the
shared head and sweep of `service.store.matchmaking_scripts` (the same keys, the same slot)."""

from __future__ import annotations

from boardstate.service.store.matchmaking_scripts import HEAD, SWEEP

CHALLENGE = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 challenge id, 5 challenge JSON, 6 expires at
if redis.call('HEXISTS', K.challenges, ARGV[4]) == 1 then return 'exists' end
redis.call('HSET', K.challenges, ARGV[4], ARGV[5])
redis.call('HSET', K.state, ARGV[4], 'open')
local c = cjson.decode(ARGV[5])
redis.call('ZADD', K.invites, 0, c.from .. '\\n' .. ARGV[4])
for _, p in ipairs(c.to) do redis.call('ZADD', K.invites, 0, p .. '\\n' .. ARGV[4]) end
redis.call('ZADD', K.expiry, ARGV[6], 'c|' .. ARGV[4])
return 'open'
"""
)

ANSWER = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 challenge id, 5 player id, 6 answer (accept, decline, cancel), 7 match id
local id, player, answer = ARGV[4], ARGV[5], ARGV[6]
local raw = redis.call('HGET', K.challenges, id)
if not raw then return {'closed', 'missing'} end
local c = cjson.decode(raw)
local status = redis.call('HGET', K.state, id)
if status ~= 'open' then return {'closed', status or 'missing'} end
if c.expiresAt <= now then
  settle('c|' .. id, id, 'expired')
  return {'closed', 'expired'}
end
if answer == 'cancel' then
  if c.from ~= player then return {'forbidden', ''} end
  settle('c|' .. id, id, 'cancelled')
  return {'cancelled', ''}
end
local invited = false
for _, p in ipairs(c.to) do invited = invited or p == player end
if not invited then return {'forbidden', ''} end
if answer == 'decline' then
  settle('c|' .. id, id, 'declined|' .. player)
  return {'declined', ''}
end
local field = id .. '|accepted'
local accepted = cjson.decode(redis.call('HGET', K.state, field) or '[]')
local known = false
for _, p in ipairs(accepted) do known = known or p == player end
if not known then accepted[#accepted + 1] = player end
if #accepted < #c.to then
  redis.call('HSET', K.state, field, cjson.encode(accepted))
  return {'open', ''}
end
redis.call('HDEL', K.state, field)
settle('c|' .. id, id, 'matched|' .. ARGV[7])
new_match(ARGV[7], {kind = 'challenge', at = now, challenge = raw})
return {'matched', ARGV[7]}
"""
)

REMATCH = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 old game id, 5 asking seats (JSON array of strings), 6 seats needed,
--       7 rematch JSON, 8 match id, 9 offer expires at
local raw = redis.call('HGET', K.rematches, ARGV[4])
local offer = raw and cjson.decode(raw) or {asked = {}, matched = false}
if offer.matched then return {'matched', cjson.encode(offer.asked)} end
local asked = {}
for _, s in ipairs(offer.asked) do asked[s] = true end
for _, s in ipairs(cjson.decode(ARGV[5])) do
  if not asked[s] then
    asked[s] = true
    offer.asked[#offer.asked + 1] = s
  end
end
if #offer.asked >= tonumber(ARGV[6]) then
  offer.matched = true
  new_match(ARGV[8], {kind = 'rematch', at = now, rematch = ARGV[7]})
  redis.call('ZADD', K.expiry, now + retain, 'r|' .. ARGV[4])
else
  redis.call('ZADD', K.expiry, ARGV[9], 'r|' .. ARGV[4])
end
redis.call('HSET', K.rematches, ARGV[4], cjson.encode(offer))
return {offer.matched and 'matched' or 'open', cjson.encode(offer.asked)}
"""
)
