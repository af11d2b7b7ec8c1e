"""The ratings' Redis scripts (`service.store.players.rating_store`, which says what each key
holds)."""

from __future__ import annotations

PlayerRow = tuple[str, bytes, bytes, float, bytes, bool]
"""(player, the stored rating it was computed from (b'' for none), new rating, board score,
history entry, on the board)."""
PairWrite = tuple[str, bytes, bytes | None]
"""(pair field, the stored record it was computed from (b'' for none), new record (None: the
game is held))."""
RebuiltPlayer = tuple[bytes, float, list[bytes], bool]
"""(rating, board score, history oldest first, on the board)."""

APPLY_SCRIPT = """
-- KEYS: 1 players, 2 board, 3 applied, 4 pairs, then one history list per player row
-- ARGV: 1 game id, 2 n player rows, 3 history cap, 4 n pair rows, 5 '1' when held,
--       then per pair: field, the stored record it was computed from ('' = none), new record;
--       then per player: id, the stored rating it was computed from ('' = none), new rating,
--       board score, history entry, '1' when on the board
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then return 0 end
local n, cap, m = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local held = ARGV[5] == '1'
local p0 = 6
local r0 = p0 + 3 * m
for i = 0, m - 1 do
  local stored = redis.call('HGET', KEYS[4], ARGV[p0 + 3 * i])
  if (stored or '') ~= ARGV[p0 + 3 * i + 1] then return -1 end
end
for i = 0, n - 1 do
  local stored = redis.call('HGET', KEYS[1], ARGV[r0 + 6 * i])
  if (stored or '') ~= ARGV[r0 + 6 * i + 1] then return -1 end
end
local place = redis.call('HLEN', KEYS[3]) + 1
redis.call('HSET', KEYS[3], ARGV[1], place)
if held then return place end
for i = 0, m - 1 do
  redis.call('HSET', KEYS[4], ARGV[p0 + 3 * i], ARGV[p0 + 3 * i + 2])
end
for i = 0, n - 1 do
  local at = r0 + 6 * i
  local player = ARGV[at]
  redis.call('HSET', KEYS[1], player, ARGV[at + 2])
  if ARGV[at + 5] == '1' then
    redis.call('ZADD', KEYS[2], ARGV[at + 3], player)
  else
    redis.call('ZREM', KEYS[2], player)
  end
  redis.call('LPUSH', KEYS[5 + i], ARGV[at + 4])
  redis.call('LTRIM', KEYS[5 + i], 0, cap - 1)
end
return place
"""

REPLACE_SCRIPT = """
-- KEYS: 1 players, 2 board, 3 applied, 4 pairs, then the history list of every player old or new
-- ARGV: 1 the applied count the rebuild read, 2 n games, 3 n players, 4 n pairs, then n game
--       id / place pairs, then n pair field / record pairs, then per player: its history key's
--       index in KEYS, id, rating, score, '1' when on the board, k entries, the entries oldest
--       first
if redis.call('HLEN', KEYS[3]) ~= tonumber(ARGV[1]) then return 0 end
for i = 1, #KEYS do redis.call('DEL', KEYS[i]) end
local at = 5
for _ = 1, tonumber(ARGV[2]) do
  redis.call('HSET', KEYS[3], ARGV[at], ARGV[at + 1])
  at = at + 2
end
for _ = 1, tonumber(ARGV[4]) do
  redis.call('HSET', KEYS[4], ARGV[at], ARGV[at + 1])
  at = at + 2
end
for _ = 1, tonumber(ARGV[3]) do
  local list, player = KEYS[tonumber(ARGV[at])], ARGV[at + 1]
  redis.call('HSET', KEYS[1], player, ARGV[at + 2])
  if ARGV[at + 4] == '1' then redis.call('ZADD', KEYS[2], ARGV[at + 3], player) end
  local k = tonumber(ARGV[at + 5])
  for j = 1, k do redis.call('LPUSH', list, ARGV[at + 5 + j]) end
  at = at + 6 + k
end
return 1
"""
