import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const JS_BUDGET = 120 * 1024;
const CSS_BUDGET = 25 * 1024;

/**
 * What a visitor downloads for "/": the entry script, everything it imports, and the home
 * page's chunk with its imports (the server preloads exactly these). Measured from the
 * production build, gzipped at level 9.
 */
test("the landing page stays within its JavaScript and CSS budgets", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const scripts = new Set(
    [
      ...html.matchAll(
        /<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="\/([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]),
  );
  const styles = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)"/g)].map(
    (m) => m[1],
  );
  const gz = (file: string) =>
    gzipSync(readFileSync(path.join(ROOT, "dist/client", file)), { level: 9 }).length;
  const js = [...scripts].reduce((sum, f) => sum + gz(f), 0);
  const css = styles.reduce((sum, f) => sum + gz(f), 0);
  console.log(
    `landing page: JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB gzipped (${scripts.size} scripts)`,
  );
  expect(scripts.size).toBeGreaterThan(1);
  expect(js).toBeLessThanOrEqual(JS_BUDGET);
  expect(css).toBeLessThanOrEqual(CSS_BUDGET);
});

test("a public page loads no portal or admin code", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") loaded.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, "dist/client/.vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string; src?: string }>;
  const privateFiles = Object.values(manifest)
    .filter(
      (c) => c.src && /src\/web\/(pages\/(portal|admin)|features\/(auth|portal|admin|tickets))\//.test(c.src),
    )
    .map((c) => `/${c.file}`);
  expect(loaded.filter((f) => privateFiles.includes(f))).toEqual([]);
});
