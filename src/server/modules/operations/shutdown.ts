import net from "node:net";
import type { FastifyInstance } from "fastify";
import type { Lifecycle } from "./probes.ts";

/** the longest a shutdown waits for the requests in flight */
export const REQUESTS_GRACE_MS = 10_000;
/** and then for the jobs in hand, before giving them back to the queue */
export const JOBS_GRACE_MS = 5_000;
/** no request for this long: the proxy has moved this process's traffic to the others */
const QUIET_MS = 1_000;
const CHECK_EVERY_MS = 50;

/**
 * Stops taking requests without dropping one (SIGTERM, a rolling restart):
 *
 * 1. `/readyz` answers 503 from now on, so a load balancer that probes it moves traffic away.
 * 2. The listening socket closes: a new connection is refused at once, and a proxy sends
 *    that request to another process (nginx does so even for a POST, since nothing of it
 *    was sent).
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
  let lastRequestAt = Date.now();
  // first among the listeners, before the headers of a quick answer can be written
  server.prependListener("request", (_req, res) => {
    lastRequestAt = Date.now();
    if (!res.headersSent) res.setHeader("connection", "close");
  });
  // net.Server's close stops listening only; http.Server's would also close the idle
  // keep-alive connections at once, under any request a proxy is sending on them
  net.Server.prototype.close.call(server);

  const deadline = Date.now() + REQUESTS_GRACE_MS;
  const open = () =>
    new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
  while (Date.now() < deadline && (await open()) > 0) {
    if (Date.now() - lastRequestAt >= QUIET_MS) server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, CHECK_EVERY_MS));
  }
  if ((await open()) > 0) {
    app.log.warn("shutdown: requests still running after 10 s are cut off");
    server.closeAllConnections();
  }
  await app.close();
}
