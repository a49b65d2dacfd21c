// `npm start` and `npm test`: build the client and the server renderer when the build is
// missing or older than any of its sources, so a fresh clone and a pulled change both work.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const outputs = ["dist/client/index.html", "dist/server/entry-server.js"];
const sources = ["src/web", "src/shared", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

const built = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const changed = Math.max(...sources.map(newestMtime));
if (built === 0 || changed > built) {
  console.log(
    built === 0
      ? "Building the site (first start)..."
      : "Sources changed since the last build: rebuilding...",
  );
  const r = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
