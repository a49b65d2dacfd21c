// The verdict words and the notes that say why a missed target is missed.
import os from "node:os";
import type { ArmFigures } from "./arms.ts";
import { CONNECTIONS } from "./options.ts";
import type { QueryFloor } from "./query-floor.ts";

export const pct = (x: number) => `${Math.round(x * 100)}%`;

/** the cached public API answer (and its 304): this share of the same-headers control */
export const PUBLIC_TARGET = 0.8;
/** a guest's server-rendered `GET /`: this share of the same HTML as a static string */
export const HOME_TARGET = 0.95;

/**
 * Why a signed-in row misses its target, from the floor measured on the same database:
 * either the query alone already costs more of the core than the target leaves for a
 * whole request, or the rest of the request is where the time goes.
 */
export function signedInNote(
  name: string,
  x: ArmFigures | undefined,
  floor: QueryFloor | undefined,
  target: number,
  remedy: string,
): string | undefined {
  if (!x || !floor || x.ratio >= target) return undefined;
  const needed = Math.round(x.control.rps * target);
  const ceilingRatio = floor.ceilingPerSecond / x.control.rps;
  const head =
    `- **${name}**: ${x.app.rps} req/s = ${pct(x.ratio)} of the control; ${pct(target)} would be ${needed} req/s, ` +
    `${Math.round(1e6 / needed)} µs of the core per request. The ticket query alone costs ` +
    `${Math.round(floor.cpuMsPerQuery * 1000)} µs of the caller's CPU (measured after the run on the same database, ten in flight): a ceiling of ${floor.ceilingPerSecond} req/s, ` +
    `${pct(ceilingRatio)} of the control`;
  return ceilingRatio < target
    ? `${head}. The target cannot be met on one core with this database, however little the rest of the request costs. ${remedy}`
    : `${head}, so the gap is in the rest of the request: profile it with scripts/bench/profile-arm.ts.`;
}
export const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

/**
 * Why a public cached answer misses its target: for the share of the control, the
 * control's time per request and the app's (on one core, 1 s / req/s), the difference
 * being what routing, hooks and headers cost; for p99, what it follows; and whether other
 * work shared the core during the run.
 */
export function publicNote(
  name: string,
  x: ArmFigures | undefined,
  target: number,
  p99LimitMs: number | null,
  load: number,
): string | undefined {
  if (!x?.control.rps) return undefined;
  const shareMissed = x.ratio < target;
  const p99Missed = p99LimitMs !== null && x.app.p99 >= p99LimitMs;
  if (!shareMissed && !p99Missed) return undefined;
  const appUs = 1e6 / Math.max(x.app.rps, 1);
  const controlUs = 1e6 / x.control.rps;
  const budgetUs = controlUs / target;
  const cores = os.cpus().length;
  const parts = [`- **${name}**: ${x.app.rps} req/s = ${pct(x.ratio)} of the control, p99 ${x.app.p99} ms.`];
  if (shareMissed)
    parts.push(
      `Each answer took ${appUs.toFixed(1)} µs of the core against the control's ${controlUs.toFixed(1)} µs; ${pct(target)} leaves ${budgetUs.toFixed(1)} µs, so the app's own work (routing, hooks, headers) is ${(appUs - budgetUs).toFixed(1)} µs over.`,
    );
  if (p99Missed)
    parts.push(
      `p99 is over ${p99LimitMs} ms (the control's: ${x.control.p99} ms): with ${CONNECTIONS} connections on one core it follows the time per answer and every pause (garbage collection, other work on the core).`,
    );
  if (load > cores)
    parts.push(
      `The load average was ${load.toFixed(1)} on ${cores} cores: other work shared the servers' core, which lengthens the app's longer path more than the control's; run again on a quiet machine.`,
    );
  parts.push(
    "Where the time goes: `node --import tsx scripts/bench/profile-arm.ts /api/plans/B2C 15 100`, then look for work every request does (docs/performance.md).",
  );
  return parts.join(" ");
}

/**
 * The public rows: the cached API answer, its 304 and a guest's `GET /`, each against its
 * control from the same run (a row that says "not run" when --arms left it out).
 */
export function publicRows(f: Partial<Record<string, ArmFigures>>, homeBytes = 0): string[][] {
  const row = (label: string, x: ArmFigures | undefined, cells: (x: ArmFigures) => string[]) =>
    x ? [label, ...cells(x)] : [label, "not run (--arms)", "", "", "not run"];
  return [
    row("`GET /api/plans/B2C` req/s, p99", f.plans, (x) => [
      `${x.app.rps} req/s, p99 ${x.app.p99} ms`,
      `${x.control.rps} req/s, p99 ${x.control.p99} ms`,
      `${pct(x.ratio)} of control (>= ${pct(PUBLIC_TARGET)}), p99 < 20 ms`,
      verdict(x.ratio >= PUBLIC_TARGET && x.app.p99 < 20),
    ]),
    row("same with `If-None-Match` (304)", f.plans304, (x) => [
      `${x.app.rps} req/s, p99 ${x.app.p99} ms`,
      `${x.control.rps} req/s`,
      `${pct(x.ratio)} (>= ${pct(PUBLIC_TARGET)})`,
      verdict(x.ratio >= PUBLIC_TARGET),
    ]),
    row("server-rendered `GET /` req/s", f.home, (x) => [
      `${x.app.rps} req/s, p99 ${x.app.p99} ms`,
      `${x.control.rps} req/s (same ${(homeBytes / 1024).toFixed(0)} KB HTML as a static string)`,
      `${pct(x.ratio)} (>= ${pct(HOME_TARGET)})`,
      verdict(x.ratio >= HOME_TARGET),
    ]),
  ];
}
