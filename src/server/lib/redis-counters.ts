import { type ClientContext, Redis, type Result } from "ioredis";
import type { Count, RateCounters } from "./rate-counters.ts";

/**
 * One hit in one round trip, atomically: the first hit of a window starts it with its
 * expiry, later ones add to it; a key left without an expiry (a crash between the two
 * commands cannot happen inside a script, but a key written by hand can) gets one too.
 * Answers the count and the milliseconds left.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext> {
    rateHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/**
 * Rate-limit counters in Redis (REDIS_URL): shared by every app process like the PostgreSQL
 * store, without a write to the database for each counted request. Each key expires on its
 * own when its window ends, so nothing needs sweeping. While Redis cannot be reached, a
 * request that has to count a limit fails (500) rather than going uncounted.
 */
export class RedisCounters implements RateCounters {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Connects, and fails at start-up with the server's answer when Redis is not there. */
  static async open(
    url: string,
    { prefix = "hipws:rate:", onError = () => {} }: { prefix?: string; onError?: (err: Error) => void } = {},
  ): Promise<RedisCounters> {
    const redis = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 3_000,
      // a request waits for at most one reconnection attempt, not for ever
      maxRetriesPerRequest: 1,
    });
    // a lost connection is reported (ioredis reconnects by itself), never thrown at the process
    let connected = false;
    redis.on("error", (err: Error) => {
      if (connected) onError(err);
    });
    redis.defineCommand("rateHit", { numberOfKeys: 1, lua: HIT });
    try {
      await redis.connect();
      await redis.ping();
      connected = true;
    } catch (err) {
      redis.disconnect();
      // the address without its password, which REDIS_URL may carry
      const { host } = new URL(url);
      throw new Error(
        `Could not reach Redis at REDIS_URL (${host}): ${(err as Error).message}; start Redis or unset REDIS_URL`,
      );
    }
    return new RedisCounters(redis, prefix);
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const [count, ttl] = await this.redis.rateHit(this.prefix + key, Math.max(1, Math.ceil(windowMs)));
    return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async read(key: string): Promise<Count> {
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) as [[unknown, string | null], [unknown, number]];
    return count === null || ttl <= 0 ? { count: 0, ttlMs: 0 } : { count: Number(count), ttlMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  close() {
    this.redis.disconnect();
  }
}
