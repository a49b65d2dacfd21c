/**
 * The floor under the signed-in read of `npm run bench`: the ticket list query alone, run
 * the way the route runs it (the prepared Drizzle query of tickets.service.ts), ten at a
 * time as under load (the size of the app's PostgreSQL pool), in this process against the
 * database the server just used, with the CPU it costs the calling process. On PGlite that is the whole query (the engine runs in the caller's
 * thread); on PostgreSQL it is the driver's share (Drizzle, pg, the socket writes and
 * reads), the server's own work being done by its backend process.
 *
 * A server on one core cannot answer more than 1000 / cpuMsPerQuery of these requests a
 * second, whatever the HTTP side costs: the bench compares that ceiling with the target.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { listTickets } from "../../src/server/modules/tickets/tickets.service.ts";
import { toPublicUser } from "../../src/server/modules/users/public-user.ts";

const IN_FLIGHT = 10;

export interface QueryFloor {
  /** CPU time of this process per query (user + system), ms */
  cpuMsPerQuery: number;
  /** elapsed time per query, ten in flight, ms */
  wallMsPerQuery: number;
  /** the most requests a second one core could answer if the query were all they cost */
  ceilingPerSecond: number;
}

export async function ticketQueryFloor(
  env: Record<string, string | undefined>,
  queries = 3000,
): Promise<QueryFloor> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    const [row] = await database.db.select().from(users).where(eq(users.username, "demo-customer"));
    const customer = toPublicUser(row);
    for (let i = 0; i < 300; i++) await listTickets(database.db, customer);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let i = 0; i < queries / IN_FLIGHT; i++) await listTickets(database.db, customer);
      }),
    );
    const wallMsPerQuery = (performance.now() - t0) / queries;
    const cpu = process.cpuUsage(cpu0);
    const cpuMsPerQuery = (cpu.user + cpu.system) / 1000 / queries;
    return { cpuMsPerQuery, wallMsPerQuery, ceilingPerSecond: Math.round(1000 / cpuMsPerQuery) };
  } finally {
    await database.close();
  }
}
