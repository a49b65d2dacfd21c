import net from "node:net";
import { setImmediate as afterSocketsAreRead, setTimeout as wait } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import type { Lifecycle } from "./probes.ts";

/** the longest a shutdown waits for the requests in flight */
export const REQUESTS_GRACE_MS = 10_000;
/** and then for the jobs in hand, before giving them back to the queue */
export const JOBS_GRACE_MS = 5_000;
/** no request for this long: the proxy has moved this process's traffic to the others */
const QUIET_MS = 1_000;
const CHECK_EVERY_MS = 50;
/** the listening socket closes once no connection has come for this long, */
const NO_NEW_CONNECTION_MS = 100;
/** or after this long at most */
const ACCEPT_MAX_MS = 2_000;

/**
 * Stops taking requests without dropping one (SIGTERM, a rolling restart):
 *
 * 1. `/readyz` answers 503 from now on, so a load balancer that probes it moves traffic away.
 * 2. Once no new connection has come for a tenth of a second (at most 2 s), the listening
 *    socket closes: a new connection is refused at once, and a proxy sends that request to
 *    another process (nginx does so even for a POST, since nothing of it was sent).
 * 3. Connections already open stay open: a proxy may be writing a request into one this very
 *    moment, and closing it under that request would fail it (nginx does not retry a POST it
 *    has sent). Each request that still comes is answered, with `Connection: close`, and its
 *    connection then ends.
 * 4. Once no request has come for a second (the proxy, refused, has stopped sending here),
 *    idle connections are closed; requests still running get up to 10 s in all.
 *
 * Then the app closes (the job runner finishes or gives back its jobs). The caller closes
 * the database.
 */
export async function drainAndClose(app: FastifyInstance, lifecycle: Lifecycle): Promise<void> {
  lifecycle.stopping = true;
  const server = app.server;
  // Connections the system has already completed wait in the listening socket's queue until
  // Node accepts them; closing the socket resets those, under the request a proxy has
  // already sent on each. A process slowed by load has its open connections all busy, so
  // the proxy keeps opening more. So the socket stays open, and what comes is answered as
  // usual (kept alive, so the proxy has idle connections and stops opening new ones), until
  // no new connection has come for a moment; only then does it close.
  let lastConnectionAt = Date.now();
  const noteConnection = () => {
    lastConnectionAt = Date.now();
  };
  server.on("connection", noteConnection);
  const acceptUntil = Date.now() + ACCEPT_MAX_MS;
  while (Date.now() < acceptUntil) {
    // queued connections included
    await afterSocketsAreRead();
    if (Date.now() - lastConnectionAt >= NO_NEW_CONNECTION_MS) break;
    await wait(10);
  }
  server.off("connection", noteConnection);
  // net.Server's close stops listening only; http.Server's would also close the idle
  // keep-alive connections at once, under any request a proxy is sending on them
  net.Server.prototype.close.call(server);
  // Only now are connections closed after their answer: earlier, the proxy would open new
  // ones to replace them, into the queue that closing the socket resets.
  let lastRequestAt = Date.now();
  // first among the listeners, before the headers of a quick answer can be written
  server.prependListener("request", (_req, res) => {
    lastRequestAt = Date.now();
    if (!res.headersSent) res.setHeader("connection", "close");
  });

  const deadline = Date.now() + REQUESTS_GRACE_MS;
  const open = () =>
    new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
  while (Date.now() < deadline && (await open()) > 0) {
    // Timers run before Node reads its sockets: after a pause of a second or more (a busy
    // machine, a long garbage collection) requests that arrived meanwhile are still unread
    // here, and their connections look idle. Waiting until the sockets are read judges
    // "quiet" on every request that has arrived.
    await afterSocketsAreRead();
    if (Date.now() - lastRequestAt >= QUIET_MS) server.closeIdleConnections();
    await wait(CHECK_EVERY_MS);
  }
  if ((await open()) > 0) {
    app.log.warn("shutdown: requests still running after 10 s are cut off");
    server.closeAllConnections();
  }
  await app.close();
}
