-- Boardstate: one atomic, conditional append to a game's log (architecture §4).
-- Every key is one game's (same hash tag), so this runs in one Redis Cluster slot.
--
-- KEYS: 1 log (stream), 2 meta (hash), 3 tokens (hash seat -> token hash), 4 moves (hash),
--       5 outbox (stream of announcements: service/log/announce.py); the caller passes
--       `AppendKeys.ordered()` (service/store/keys.py), whose fields are these names in this
--       order (tests/service/test_keys.py checks this comment and the `local` line below)
-- ARGV: 1 mode ('create' | 'append' | 'reissue' | 'leave'), 2 expected version: 'reissue' is
--         an append that replaces the seat tokens it carries (the old ones stop working in
--         the same step); 'leave' is an append that removes the token of seat ARGV[6],
--       3 move record field ('' = none): `<seat>:<moveId>` (move ids are scoped to the seat),
--       4 outcome record (msgpack `{first, last, fp}`, stored under that field),
--       5 legacy field ('' = none): the bare `<moveId>` under which records written before
--         move ids were scoped were stored; such a record counts only when the first event
--         it names was made by seat ARGV[6],
--       6 the seat of the move ('' = none),
--       7 number of seat tokens k, then k seat/token-hash pairs,
--       then the stateHash the event at the expected version must have ('' = unchecked),
--       then the number of meta pairs m, then m field/value pairs,
--       then the number of events n, then n msgpack payloads (versions expected+1 .. expected+n),
--       then the number of announcements a, then a JSON payloads (added to the outbox)
--
-- Returns {status, current version[, ...]}:
--   {'ok', current, first, last}     appended; current = last
--   {'duplicate', current, record}   the move id was accepted before for this seat; nothing
--                                    appended (the record is rewritten unchanged, so a WAIT
--                                    after this call also covers the original append); the
--                                    caller compares the record's fingerprint with its move's
--   {'conflict', current}            expected version is stale; nothing appended
--   {'ended', current}               the log holds `GameEnded` (meta `ended`, set by the append
--                                    that wrote it, or a status FINISHED/ABANDONED written
--                                    before that field existed): the end is the end, nothing
--                                    is ever appended after it
--   {'diverged', current}            the event at the expected version has another stateHash
--                                    (the caller's copy of the game is not the log's, e.g.
--                                    after a failover lost events); nothing appended
--   {'seat_taken', current}          a seat already has a token; nothing appended
--   {'exists', current}              create: the game exists already
--   {'missing', 0}                   append: the game does not exist
-- Checks come before any write, so a refused call writes nothing.
--
-- Expiry of unstarted games: a create whose meta sets `openTtlMs` while its status is OPEN
-- gives every key of the game that many ms to live; an append to a game with a deadline
-- gives the keys it creates the same deadline while the game stays OPEN, and removes the
-- deadline from every key (PERSIST) in the same atomic step that moves it out of OPEN, so a
-- started game is never expired.

local log, meta, tokens, moves, outbox = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local mode = ARGV[1]
local expected = tonumber(ARGV[2])
local move_field = ARGV[3]
local legacy_field = ARGV[5]
local seat = ARGV[6]
local n_seats = tonumber(ARGV[7])

local current = redis.call('XLEN', log)
if mode == 'create' then
  if current > 0 or redis.call('EXISTS', meta) == 1 then
    return {'exists', current}
  end
elseif current == 0 then
  return {'missing', 0}
end

if move_field ~= '' then
  local recorded = redis.call('HGET', moves, move_field)
  if recorded then
    redis.call('HSET', moves, move_field, recorded)
    return {'duplicate', current, recorded}
  end
end
if legacy_field ~= '' then
  local recorded = redis.call('HGET', moves, legacy_field)
  if recorded then
    local first = cmsgpack.unpack(recorded)['first']
    local entry = redis.call('XRANGE', log, first .. '-0', first .. '-0')
    if #entry == 1 and tostring(cmsgpack.unpack(entry[1][2][2])['seat']) == seat then
      redis.call('HSET', moves, legacy_field, recorded)
      return {'duplicate', current, recorded}
    end
  end
end

if current ~= expected then
  return {'conflict', current}
end

if mode ~= 'create' then
  local ended = redis.call('HMGET', meta, 'ended', 'status')
  if ended[1] or ended[2] == 'FINISHED' or ended[2] == 'ABANDONED' then
    return {'ended', current}
  end
end

local i = 8 + 2 * n_seats
local head_hash = ARGV[i]
if head_hash ~= '' then
  local head = redis.call('XRANGE', log, expected .. '-0', expected .. '-0')
  if #head ~= 1 or cmsgpack.unpack(head[1][2][2])['stateHash'] ~= head_hash then
    return {'diverged', current}
  end
end

for k = 0, n_seats - 1 do
  if mode ~= 'reissue' and redis.call('HEXISTS', tokens, ARGV[8 + 2 * k]) == 1 then
    return {'seat_taken', current}
  end
end

i = i + 1
local meta_pairs = tonumber(ARGV[i])
local n_events = tonumber(ARGV[i + 1 + 2 * meta_pairs])
local first_event = i + 2 + 2 * meta_pairs
for k = 0, n_events - 1 do
  redis.call('XADD', log, (expected + 1 + k) .. '-0', 'e', ARGV[first_event + k])
end
local first_announcement = first_event + n_events + 1
for k = 0, tonumber(ARGV[first_event + n_events] or '0') - 1 do
  redis.call('XADD', outbox, '*', 'a', ARGV[first_announcement + k])
end
for k = 0, meta_pairs - 1 do
  redis.call('HSET', meta, ARGV[i + 1 + 2 * k], ARGV[i + 2 + 2 * k])
end
for k = 0, n_seats - 1 do
  redis.call('HSET', tokens, ARGV[8 + 2 * k], ARGV[9 + 2 * k])
end
if mode == 'leave' then
  redis.call('HDEL', tokens, seat)
end
if move_field ~= '' then
  redis.call('HSET', moves, move_field, ARGV[4])
end
local is_open = redis.call('HGET', meta, 'status') == 'OPEN'
if mode == 'create' then
  local ttl = redis.call('HGET', meta, 'openTtlMs')
  if ttl and is_open then
    for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ttl) end
  end
else
  local ttl = redis.call('PTTL', meta)
  if ttl > 0 then
    for _, key in ipairs(KEYS) do
      if is_open then redis.call('PEXPIRE', key, ttl) else redis.call('PERSIST', key) end
    end
  end
end
return {'ok', expected + n_events, expected + 1, expected + n_events}
