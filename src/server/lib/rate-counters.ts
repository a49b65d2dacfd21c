import { lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

/** A key's count in its current window, and the time left until the window ends. */
export interface Count {
  count: number;
  ttlMs: number;
}

/**
 * Counters for rate limits: each key counts hits in a fixed window that starts with its
 * first hit. Several app processes on one PostgreSQL must share them (a limit of 10 a
 * minute is not 10 per process), so there they live in the database; an embedded
 * database has one process, and keeps them in memory.
 */
export interface RateCounters {
  /** counts one hit on `key` and answers the count including it */
  hit(key: string, windowMs: number): Promise<Count>;
  /** the count without adding to it */
  read(key: string): Promise<Count>;
  /** forgets `key` (a successful sign-in clears that account's failures) */
  reset(key: string): Promise<void>;
  close(): void;
}

const SWEEP_MS = 10 * 60_000;

export class MemoryCounters implements RateCounters {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly maxKeys = 100_000) {
    this.sweep = setInterval(() => this.forgetExpired(), SWEEP_MS);
    this.sweep.unref();
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.counts.size >= this.maxKeys) this.forgetExpired();
      // a flood of distinct keys must not grow memory without end: the oldest go first
      if (this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value as string);
      entry = { count: 0, resetAt: now + windowMs };
      this.counts.delete(key);
      this.counts.set(key, entry);
    }
    entry.count++;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async read(key: string): Promise<Count> {
    const now = Date.now();
    const entry = this.counts.get(key);
    return entry && entry.resetAt > now
      ? { count: entry.count, ttlMs: entry.resetAt - now }
      : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.counts.delete(key);
  }

  close() {
    clearInterval(this.sweep);
  }

  private forgetExpired() {
    const now = Date.now();
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}

/**
 * One row per key in `rate_limits`. A hit is one upsert: a new or expired row starts a
 * window at 1, a live one adds 1, and the row lock makes concurrent hits from any process
 * count one after another. The database's clock decides, so processes whose clocks differ
 * still agree on when a window ends.
 */
export class PostgresCounters implements RateCounters {
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    onError: (err: unknown) => void = () => {},
  ) {
    this.sweep = setInterval(() => {
      db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)).catch(onError);
    }, SWEEP_MS);
    this.sweep.unref();
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`now() + ${window}` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::float8`,
      });
    return { count: rows[0].count, ttlMs: Math.ceil(Number(rows[0].ttlMs)) };
  }

  async read(key: string): Promise<Count> {
    const rows = await this.db
      .select({
        count: rateLimits.count,
        ttlMs: sql<number>`(extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::float8`,
      })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    return rows[0]
      ? { count: rows[0].count, ttlMs: Math.ceil(Number(rows[0].ttlMs)) }
      : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  close() {
    clearInterval(this.sweep);
  }
}

interface StoreRouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}
type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * The store interface of @fastify/rate-limit over our counters: one instance per route
 * (`child`), so each route counts its own hits under its method and path.
 */
export function rateLimitStore(counters: RateCounters) {
  class CountersStore {
    constructor(
      _options?: unknown,
      private readonly prefix = "",
    ) {}
    incr(key: string, cb: StoreCallback, timeWindow: number) {
      counters.hit(this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.count, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: StoreCallback) {
      counters.read(this.prefix + key).then(
        (c) => cb(null, { current: c.count, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(options: unknown) {
      const { routeInfo } = options as StoreRouteOptions;
      const method = [routeInfo?.method ?? ""].flat().join(",");
      return new CountersStore(undefined, `${method} ${routeInfo?.url ?? ""}|`);
    }
  }
  return CountersStore;
}

/**
 * A route limit counted per client address (the limiter's own key). `max` is rounded up to
 * a whole number, so a rate-limit factor below one still lets requests through.
 */
export const perAddress = (max: number, timeWindow: string) => ({ max: Math.ceil(max), timeWindow });

/**
 * A route limit counted per signed-in user rather than per address: many customers in
 * India share one public address (mobile carriers, office networks), and one of them
 * filing tickets must not hold up the others.
 */
export const perUser = (max: number, timeWindow: string) => ({
  ...perAddress(max, timeWindow),
  keyGenerator: async (request: FastifyRequest) => {
    const user = await request.currentUser();
    return user ? `user:${user.id}` : `address:${request.ip}`;
  },
});
