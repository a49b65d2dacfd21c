/**
 * Where the time went in a CPU profile (node --cpu-prof): self time by function, and
 * inclusive time by source file.  node --import tsx scripts/bench/top-functions.ts FILE.cpuprofile [N]
 */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2], "utf8")) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const topN = Number(process.argv[3]) || 30;
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
const short = (url: string) =>
  url.replace(/^file:\/\/.*?\/node_modules\//, "~/").replace(/^file:\/\/.*?\/work\/main\//, "");
for (const n of profile.nodes) {
  const t = self.get(n.id) ?? 0;
  const key = `${n.callFrame.functionName || "(anonymous)"}  ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const pkg =
    short(n.callFrame.url).replace(/^~\/(@[^/]+\/[^/]+|[^/]+).*/, "~/$1") || n.callFrame.functionName;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1)}%`.padStart(6);
console.log(`total sampled ${(total / 1000).toFixed(0)} ms\n\nself time by function:`);
for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, topN)) console.log(`${pct(t)}  ${k}`);
console.log("\nself time by package or file:");
for (const [k, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(t)}  ${k}`);
