import { existsSync, readFileSync } from "node:fs";

/** written by `npm run build` once both halves of the site are built: which NODE_ENV the build was made for */
export const BUILD_STAMP = "dist/build.json";
export const BUILT_FOR = "production";

/** the server and the npm commands, bundled (scripts/build.mjs): `node dist/bin/server.js` */
export const BIN_DIR = "dist/bin";
/** the npm commands that open the database, by their file in src/server/cli and dist/bin */
export const COMMANDS = ["seed-demo", "seed-scale", "admin-create", "backup", "restore"];

/** the NODE_ENV the build in dist/ was made for, or null when it has no stamp */
export function builtFor() {
  if (!existsSync(BUILD_STAMP)) return null;
  try {
    return JSON.parse(readFileSync(BUILD_STAMP, "utf8")).nodeEnv ?? null;
  } catch {
    return null;
  }
}
