// `npm start` on a fresh clone: build the client and the server renderer once, when missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const outputs = ["dist/client/index.html", "dist/server/entry-server.js"];
if (!outputs.every((f) => existsSync(f))) {
  console.log("Building the site (first start)...");
  const r = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
