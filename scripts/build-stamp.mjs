import { existsSync, readFileSync } from "node:fs";

/** written by `npm run build` once both halves are built: which NODE_ENV the build was made for */
export const BUILD_STAMP = "dist/build.json";
export const BUILT_FOR = "production";

/** the NODE_ENV the build in dist/ was made for, or null when it has no stamp */
export function builtFor() {
  if (!existsSync(BUILD_STAMP)) return null;
  try {
    return JSON.parse(readFileSync(BUILD_STAMP, "utf8")).nodeEnv ?? null;
  } catch {
    return null;
  }
}
