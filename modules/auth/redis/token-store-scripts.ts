import { LuaScript } from '../../../src/redis';

// A session is a hash { user, jti, index } that expires with the session; `index` names the
// set of its user's session ids, which lives as long as the longest of them. Each step is one
// script, so Redis runs it atomically however many instances call at once.

/** KEYS: session, index. ARGV: userId, refreshJti, ttlMs, sessionId, session key prefix. */
export const CREATE_SESSION = new LuaScript(`
redis.call('HSET', KEYS[1], 'user', ARGV[1], 'jti', ARGV[2], 'index', KEYS[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
for _, sid in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('EXISTS', ARGV[5] .. sid) == 0 then redis.call('SREM', KEYS[2], sid) end
end
redis.call('SADD', KEYS[2], ARGV[4])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
`);

/** KEYS: session. ARGV: presentedJti, nextJti, ttlMs, sessionId. Returns the RotationOutcome. */
export const ROTATE = new LuaScript(`
local current = redis.call('HMGET', KEYS[1], 'jti', 'index')
if not current[1] then return 'unknown' end
if current[1] ~= ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', current[2], ARGV[4])
  return 'reused'
end
redis.call('HSET', KEYS[1], 'jti', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if redis.call('PTTL', current[2]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', current[2], ARGV[3]) end
return 'rotated'
`);

/** KEYS: session. ARGV: sessionId. */
export const END_SESSION = new LuaScript(`
local index = redis.call('HGET', KEYS[1], 'index')
redis.call('DEL', KEYS[1])
if index then redis.call('SREM', index, ARGV[1]) end
`);

/** KEYS: index. ARGV: session key prefix. */
export const END_USER_SESSIONS = new LuaScript(`
for _, sid in ipairs(redis.call('SMEMBERS', KEYS[1])) do redis.call('DEL', ARGV[1] .. sid) end
redis.call('DEL', KEYS[1])
`);
