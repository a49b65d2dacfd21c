// `npm start`, `npm test` and the commands: build what is missing or older than any of its
// sources, so a fresh clone, a pulled change and any NODE_ENV all work. The site is also
// rebuilt when it was not made for production (an older checkout's
// `NODE_ENV=development npm start` made one whose pages all fail in production). The site
// (Vite, seconds) and the server's programs (esbuild, a fraction of a second) are checked
// and rebuilt apart: a change to the server does not rebuild the client.
// `node scripts/build-if-missing.mjs bin` checks the programs only (the commands and the tests).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { BIN_DIR, BUILD_STAMP, BUILT_FOR, builtFor, COMMANDS } from "./build-stamp.mjs";

const PARTS = [
  {
    name: "site",
    outputs: ["dist/client/index.html", "dist/server/entry-server.js", BUILD_STAMP],
    sources: ["src/web", "src/shared", "public", "index.html", "vite.config.ts", "package-lock.json"],
  },
  {
    name: "bin",
    outputs: ["server", ...COMMANDS].map((name) => `${BIN_DIR}/${name}.js`),
    // the server reads the site's route table and texts too: any source may be in the bundle
    sources: ["src", "package-lock.json", "scripts/build.mjs"],
  },
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** why the part must be built again, or null when its build is whole and newer than its sources */
function staleness({ name, outputs, sources }) {
  if (!outputs.every((f) => existsSync(f))) return `Building the ${name === "site" ? "site" : "server"}...`;
  if (name === "site" && builtFor() !== BUILT_FOR)
    return `The build in dist/ was not made for ${BUILT_FOR}: rebuilding...`;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return Math.max(...sources.map(newestMtime)) > built
    ? "Sources changed since the last build: rebuilding..."
    : null;
}

const only = process.argv.slice(2);
const stale = PARTS.filter((part) => only.length === 0 || only.includes(part.name))
  .map((part) => [part.name, staleness(part)])
  .filter(([, reason]) => reason !== null);
if (stale.length > 0) {
  for (const reason of new Set(stale.map(([, reason]) => reason))) console.log(reason);
  const r = spawnSync(process.execPath, ["scripts/build.mjs", ...stale.map(([name]) => name)], {
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
