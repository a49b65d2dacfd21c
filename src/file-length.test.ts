import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A file a newcomer can read in one sitting: past this many lines a file has usually grown a
// second concern, and is split along it. The schema and the seed content are long lists by
// nature, and tests are left to read as the stories they tell.
const MAX_LINES = 450;
const root = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;

function exempt(relative: string): boolean {
  return (
    relative === "src/server/db/schema.ts" ||
    relative.startsWith("src/server/db/seed/") ||
    /\.test\.tsx?$/.test(relative) ||
    relative.startsWith("tests/")
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((relative) => !exempt(relative));
}

function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("source file length", () => {
  it(`keeps every source file under src/ and scripts/ at ${MAX_LINES} lines or fewer`, () => {
    const files = [...sourceFiles("src"), ...sourceFiles("scripts")];
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines (at most ${MAX_LINES})`);
    expect(tooLong).toEqual([]);
  });
});
