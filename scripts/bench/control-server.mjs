// The control arm of `npm run bench`: a bare node:http server answering recorded responses
// (status, headers and body bytes exactly as the app sent them), with a 304 on a matching
// If-None-Match. Usage: node scripts/bench/control-server.mjs responses.json  (prints the port)
import { readFileSync } from "node:fs";
import http from "node:http";

const routes = new Map();
for (const r of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  routes.set(r.path, { ...r, body: Buffer.from(r.bodyBase64, "base64") });
}

const server = http.createServer((req, res) => {
  const r = routes.get(req.url);
  if (!r) {
    res.writeHead(404).end();
    return;
  }
  if (r.etag && req.headers["if-none-match"] === r.etag) {
    res.writeHead(304, r.headers304 ?? { etag: r.etag }).end();
    return;
  }
  res.writeHead(r.status, r.headers).end(r.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
