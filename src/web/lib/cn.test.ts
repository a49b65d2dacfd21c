import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { clsx } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn.ts";

/**
 * `cn` must merge exactly as tailwind-merge does for every class string the site uses:
 * a resolver that groups two unrelated utilities silently drops one of them (a dashed
 * border, balanced headings, an offset focus ring), and one that misses a group lets an
 * override lose to the class it should replace. Class names reach cn as string literals
 * (Tailwind only generates the classes it finds written out in the sources), so the
 * quoted strings of src/web are the whole set to check.
 */
const webDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** a token that reads as a Tailwind utility: variants, an optional "-" or "!", then the utility */
const UTILITY = /^([a-z0-9[\]&>*_:=()-]+:)*!?-?[a-z][a-z0-9.-]*(\/[\d.]+)?(-?\[[^\s\]]+\])?(\/[\d.]+)?!?$/;
const DASHED = /-/;

/** every quoted string in the file whose words all look like utilities, one of them at least hyphenated */
function classStrings(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/"([^"\n]+)"/g)) {
    const words = m[1].trim().split(/\s+/);
    if (words.every((w) => UTILITY.test(w)) && words.some((w) => DASHED.test(w))) found.add(m[1].trim());
  }
  return [...found];
}

// cn.ts itself names tailwind-merge's groups, which are not classes
const byFile = sourceFiles(webDir)
  .filter((file) => file !== path.join(webDir, "lib/cn.ts"))
  .map((file) => ({
    file: path.relative(webDir, file),
    strings: classStrings(readFileSync(file, "utf8")),
  }));
const all = [...new Set(byFile.flatMap((f) => f.strings))];
/** the primitives whose base classes meet class names passed in from any other file */
const primitives = [
  ...new Set(byFile.filter((f) => f.file.startsWith("components/")).flatMap((f) => f.strings)),
];

/** tailwind-merge, told about the animations the site's stylesheet adds to the theme */
const themeAnimations = [
  ...readFileSync(path.join(webDir, "styles/app.css"), "utf8").matchAll(/--animate-([\w-]+):/g),
].map((m) => m[1]);
const twMerge = extendTailwindMerge({ extend: { theme: { animate: themeAnimations } } });
const reference = (...inputs: string[]) => twMerge(clsx(inputs));

describe("cn", () => {
  it("finds the site's class strings", () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all).toContain("rounded-lg border border-dashed bg-muted/50 p-3 text-sm");
    expect(themeAnimations).toContain("pulse-soft");
  });

  it("keeps what tailwind-merge keeps for each class string on its own", () => {
    const differ = all.filter((s) => cn(s) !== reference(s));
    expect(differ.map((s) => `${s} -> ${cn(s)}`)).toEqual([]);
  });

  // Both cn and tailwind-merge read the classes from the last one back and drop a class when
  // a later class they kept, with the same variants, is of its group or of one that replaces
  // it. So two class strings merge alike in both when every class of the one meets every class
  // of the other alike: checking each pair of classes that can meet once covers every pair of
  // strings, each string's own classes among them, and a merge of two classes is a fraction of
  // the work of a merge of two strings.
  it("merges like tailwind-merge any two classes of one file, and a primitive's with any other", () => {
    const classesOf = (strings: string[]) => [...new Set(strings.flatMap((s) => s.split(/\s+/)))];
    const pairs = new Set<string>();
    const meet = (earlier: string[], later: string[]) => {
      for (const a of earlier) for (const b of later) pairs.add(`${a} ${b}`);
    };
    for (const { strings } of byFile) meet(classesOf(strings), classesOf(strings));
    meet(classesOf(primitives), classesOf(all));
    const differ = [...pairs].filter((pair) => cn(pair) !== reference(pair));
    expect(differ.slice(0, 20).map((pair) => `cn("${pair}") = "${cn(pair)}"`)).toEqual([]);
    expect(pairs.size).toBeGreaterThan(500_000);
  }, 90_000);

  it("keeps the classes a home-made resolver dropped", () => {
    expect(cn("rounded-lg border border-dashed", "border-amber-500/70")).toBe(
      "rounded-lg border border-dashed border-amber-500/70",
    );
    expect(cn("text-lg text-balance", "text-primary")).toBe("text-lg text-balance text-primary");
    expect(cn("text-pretty", "text-white/85")).toBe("text-pretty text-white/85");
    expect(cn("overflow-x-auto", "overflow-y-hidden")).toBe("overflow-x-auto overflow-y-hidden");
    expect(cn("ring-2 ring-offset-2", "ring-primary")).toBe("ring-2 ring-offset-2 ring-primary");
    // and still lets a later utility replace an earlier one of the same kind
    expect(cn("px-4 py-2", "p-0")).toBe("p-0");
    expect(cn("max-w-6xl", "max-w-3xl")).toBe("max-w-3xl");
    expect(cn("animate-pulse-soft", "animate-spin")).toBe("animate-spin");
  });
});
