"""The Lua scripts of challenges and rematch offers (`service.store.players.matchmaking_store`), on
the shared head and sweep of `service.store.players.matchmaking_scripts` (the same keys, the same
slot).

An open challenge is listed in `invites` under each of its players (`<player>\\n<created ms>|<id>`,
oldest first) and counted in `holds`; it leaves both the moment it stops being open (accepted
by all, declined, cancelled or expired), so a list reads open challenges only. Its record stays
readable by id for the retention time.
"""

from __future__ import annotations

from boardstate.service.store.players.matchmaking_scripts import HEAD, SWEEP

CHALLENGE = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 challenge id, 5 challenge JSON (with `listed` and `holds`), 6 expires at,
--       7 the caps (JSON: [[holds lo, holds hi, most, scope], ...])
if redis.call('HEXISTS', K.challenges, ARGV[4]) == 1 then return {'exists', '', ''} end
for _, cap in ipairs(cjson.decode(ARGV[7])) do
  local held = redis.call('ZLEXCOUNT', K.holds, cap[1], cap[2])
  if held >= tonumber(cap[3]) then return {'limit', cap[4], tostring(held)} end
end
local c = cjson.decode(ARGV[5])
redis.call('HSET', K.challenges, ARGV[4], ARGV[5])
redis.call('HSET', K.state, ARGV[4], 'open')
add_all(K.invites, c.listed)
add_all(K.holds, c.holds)
redis.call('ZADD', K.expiry, ARGV[6], 'c|' .. ARGV[4])
return {'open', '', ''}
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
  expire_challenge(id, c)
  return {'closed', 'expired'}
end
if answer == 'cancel' then
  if c.from ~= player then return {'forbidden', ''} end
  close_challenge(id, c)
  settle('c|' .. id, id, 'cancelled')
  return {'cancelled', ''}
end
local invited = false
for _, p in ipairs(c.to) do invited = invited or p == player end
if not invited then return {'forbidden', ''} end
if answer == 'decline' then
  close_challenge(id, c)
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
close_challenge(id, c)
settle('c|' .. id, id, 'matched|' .. ARGV[7])
new_match(ARGV[7], {kind = 'challenge', at = now, challenge = raw})
return {'matched', ARGV[7]}
"""
)

LIST_CHALLENGES = (
    HEAD
    + SWEEP
    + """
-- ARGV: 4 from (a lex bound), 5 to (a lex bound), 6 at most: a page of the open challenges
-- listed between the bounds, oldest first: {member, JSON, accepted JSON or ''} triples
local out, lo, most = {}, ARGV[4], tonumber(ARGV[6])
while #out < 3 * most do
  local want = most - #out / 3
  local page = redis.call('ZRANGEBYLEX', K.invites, lo, ARGV[5], 'LIMIT', 0, want)
  for _, member in ipairs(page) do
    local id = string.match(member, '[^|\\n]+$')
    local raw = redis.call('HGET', K.challenges, id)
    if not raw or redis.call('HGET', K.state, id) ~= 'open' then
      redis.call('ZREM', K.invites, member)
    else
      local c = cjson.decode(raw)
      if c.expiresAt <= now then
        expire_challenge(id, c)
      elseif string.find(member, '|', 1, true) then
        out[#out + 1] = member
        out[#out + 1] = raw
        out[#out + 1] = redis.call('HGET', K.state, id .. '|accepted') or ''
      end
    end
  end
  if #page < want then break end
  lo = '(' .. page[#page]
end
return out
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
