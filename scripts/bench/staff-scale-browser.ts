/**
 * `/admin` in Chromium (playwright-core, /usr/bin/chromium) for the staff console at scale:
 * each load in a fresh browser context, the time from navigation until the first ticket row
 * is visible, until the page is hydrated, and its JS heap once it settled.
 */
import type { Browser } from "playwright-core";
import { median } from "../lib/median.ts";

export type ScaleKind = "postgres" | "pglite";

export interface ScaleBrowser {
  firstRowMs: number;
  /** until the page is hydrated (its controls work); reported, no target */
  hydratedMs: number;
  /** the JS heap in use once the page settled, and after a garbage collection */
  heapMb: number;
  heapAfterGcMb: number;
  rows: number;
  met: boolean;
  runs: number;
}

export const BROWSER_TARGETS = { firstRowMs: 1000, heapMb: 60 } as const;

const ROW = '[data-testid^="ticket-row-"]';

/** `/admin` in Chromium, `loads` times, each in a new browser context (nothing cached) */
export async function measureBrowser(
  browser: Browser,
  base: string,
  cookie: { name: string; value: string },
  loads: number,
  kind: ScaleKind,
): Promise<ScaleBrowser & { resources: string[] }> {
  const firstRow: number[] = [];
  const hydrated: number[] = [];
  const heap: number[] = [];
  const heapAfterGc: number[] = [];
  let rows = 0;
  let resources: string[] = [];
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/admin`, { waitUntil: "commit" });
    // Playwright watches for the row frame by frame; the page's clock is read the moment it shows
    try {
      await page.waitForSelector(ROW, { state: "visible", timeout: 120_000 });
    } catch (err) {
      await page.screenshot({ path: `.tmp/bench/admin-${kind}.png` });
      throw new Error(
        `no ticket row on /admin within 120 s (screenshot .tmp/bench/admin-${kind}.png): ${(err as Error).message.split("\n")[0]}`,
      );
    }
    firstRow.push(await page.evaluate(() => performance.now()));
    // the rows come with the HTML; the buttons in them work once the scripts have hydrated it
    await page.waitForSelector("html[data-hydrated=true]", { state: "attached", timeout: 120_000 });
    hydrated.push(await page.evaluate(() => performance.now()));
    await page.waitForLoadState("networkidle");
    rows = await page.locator(ROW).count();
    const cdp = await context.newCDPSession(page);
    heap.push((await cdp.send("Runtime.getHeapUsage")).usedSize / 2 ** 20);
    await cdp.send("HeapProfiler.collectGarbage");
    heapAfterGc.push((await cdp.send("Runtime.getHeapUsage")).usedSize / 2 ** 20);
    resources = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e as PerformanceResourceTiming)
        .map(
          (e) =>
            `${new URL(e.name).pathname}${new URL(e.name).search}: starts ${Math.round(e.startTime)} ms, takes ${Math.round(e.duration)} ms, ${(e.transferSize / 1024).toFixed(1)} KB`,
        ),
    );
    await context.close();
  }
  const result = {
    firstRowMs: median(firstRow),
    hydratedMs: median(hydrated),
    heapMb: median(heap),
    heapAfterGcMb: median(heapAfterGc),
    rows,
    runs: loads,
    resources,
    met: false,
  };
  result.met = result.firstRowMs <= BROWSER_TARGETS.firstRowMs && result.heapMb <= BROWSER_TARGETS.heapMb;
  return result;
}
