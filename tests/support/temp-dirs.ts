import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * Scratch folders for one test file, all removed once its tests are done. Call it at the top
 * of the file; `tempDir("backup")` then makes a new, empty `hipws-backup-…` folder.
 */
export function tempDirsForThisFile(): (name: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return (name) => {
    const d = mkdtempSync(path.join(tmpdir(), `hipws-${name}-`));
    dirs.push(d);
    return d;
  };
}
