// `npm start` and `npm test`: build the client and the server renderer when the build is
// missing, older than any of its sources, or was not made for production (an older
// checkout's `NODE_ENV=development npm start` made one whose pages all fail in
// production), so a fresh clone, a pulled change and any NODE_ENV all work.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { BUILD_STAMP, BUILT_FOR, builtFor } from "./build-stamp.mjs";

const outputs = ["dist/client/index.html", "dist/server/entry-server.js", BUILD_STAMP];
const sources = ["src/web", "src/shared", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

const hasOutputs = outputs.slice(0, 2).every((f) => existsSync(f));
const built = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const changed = Math.max(...sources.map(newestMtime));
const reason = !hasOutputs
  ? "Building the site (first start)..."
  : builtFor() !== BUILT_FOR
    ? `The build in dist/ was not made for ${BUILT_FOR}: rebuilding...`
    : changed > built
      ? "Sources changed since the last build: rebuilding..."
      : null;
if (reason) {
  console.log(reason);
  const r = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
