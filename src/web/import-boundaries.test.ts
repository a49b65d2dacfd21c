import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import boundaries are one Biome plugin (lint/boundaries.grit) that `npm run lint` runs.
// These tests run Biome itself: on a small tree with every kind of crossing, which must be
// refused line by line, and on the real source tree, which must have none.

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");
const plugin = path.join(root, "lint/boundaries.grit");
const run = promisify(execFile);

/** the boundary findings Biome reports for a folder, as "file:line" (relative to it) */
async function crossings(dir: string, config?: string): Promise<string[]> {
  const args = [
    "lint",
    "--reporter=github",
    "--max-diagnostics=none",
    ...(config ? [`--config-path=${config}`] : []),
    dir,
  ];
  const out = await run(biome, args, { cwd: dir }).then(
    (r) => r.stdout,
    (e: { stdout: string }) => e.stdout,
  );
  return [...out.matchAll(/^::error title=plugin,file=([^,]+),line=(\d+),/gm)].map(
    ([, file, line]) => `${path.relative(dir, file!)}:${line}`,
  );
}

describe("import boundaries", () => {
  let dir: string;
  const files: Record<string, string> = {
    // a folder no list ever named: the one rule covers it the day it is made
    "src/web/features/newly-added/screen.tsx": [
      'import { a } from "@web/features/tickets/api.ts";', // 1: another feature, by alias
      'import type { B } from "@web/features/admin/types.ts";', // 2: a type counts too
      'import { c } from "../portal/home.tsx";', // 3: another feature, by relative path
      'import { d } from "../../features/visits/cards.tsx";', // 4: the long way round
      'export { e } from "@web/features/mail/mail.ts";', // 5: a re-export
      'const lazy = () => import("@web/features/chat/panel.tsx");', // 6: a lazy import
      'import { f } from "@web/pages/home-page.tsx";', // 7: a page, which assembles features
      'import { own } from "@web/features/newly-added/own.ts";', // allowed: its own files
      'import { mine } from "./mine.ts";', // allowed
      'import { ListTable } from "@web/components/lists/list-table.tsx";', // allowed: the layers below
      'import { cn } from "../../lib/cn.ts";', // allowed
      'import { paths } from "@shared/paths.ts";', // allowed
      "export const all = [a, c, d, lazy, f, own, mine, ListTable, cn, paths] as unknown as B;",
    ].join("\n"),
    "src/web/components/lists/list.tsx": [
      'import { cn } from "@web/lib/cn.ts";', // allowed
      'import { x } from "@web/features/admin/labels.ts";', // 2: components import no feature
      "export const list = [cn, x];",
    ].join("\n"),
    "src/web/lib/helper.ts": 'export { y } from "../features/partner/y.ts";', // 1: nor does lib
    "src/shared/rule.ts": [
      'import { z } from "../server/db/client.ts";', // 1: shared imports no server code
      'import { w } from "@web/lib/cn.ts";', // 2: nor web code
      "export const rule = [z, w];",
    ].join("\n"),
    "src/web/pages/page.tsx": [
      // pages assemble features: every one of these is allowed
      'import { a } from "@web/features/tickets/api.ts";',
      'import { b } from "@web/features/visits/cards.tsx";',
      "export const page = [a, b];",
    ].join("\n"),
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "boundaries-"));
    await writeFile(
      path.join(dir, "biome.json"),
      JSON.stringify({ root: true, plugins: [plugin], linter: { rules: { recommended: false } } }),
    );
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), `${text}\n`);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("refuses each crossing, in any folder, and nothing else", async () => {
    expect((await crossings(dir)).sort()).toEqual(
      [
        ...[1, 2, 3, 4, 5, 6, 7].map((line) => `src/web/features/newly-added/screen.tsx:${line}`),
        "src/web/components/lists/list.tsx:2",
        "src/web/lib/helper.ts:1",
        "src/shared/rule.ts:1",
        "src/shared/rule.ts:2",
      ].sort(),
    );
  });

  it("finds no crossing in the product's own source", { timeout: 60_000 }, async () => {
    expect(await crossings(path.join(root, "src"), path.join(root, "biome.json"))).toEqual([]);
  });
});
