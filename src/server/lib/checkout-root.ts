import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The checkout's root folder (the one with package.json), found by walking up from this
 * module. The server runs from its sources (`npm run dev`, the tests' in-process apps) and
 * from the bundle `npm run build` makes in dist/bin (`npm start`, the commands), which sit at
 * different depths; files the server reads at run time (migrations, the built site, the
 * common-password list) are named from here so that both find them.
 */
export const CHECKOUT_ROOT = findCheckoutRoot(import.meta.dirname);

function findCheckoutRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or above it`);
  }
}
