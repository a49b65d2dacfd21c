import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_VARIABLES } from "./server/config.ts";

/**
 * The README and docs/ are what the next engineer reads first, so they are kept true by a
 * test: a short README, links and file paths that lead somewhere, and every command and
 * variable described where the README says.
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return markdownFiles(file);
    return name.endsWith(".md") ? [file] : [];
  });
}
const documents = ["README.md", ...markdownFiles("docs")];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const text = read(file).replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? "")));
}

/** the text outside fenced code blocks, where links and paths are written */
const prose = (file: string) => read(file).replace(/```[\s\S]*?```/g, "");

/** the TypeScript and JavaScript files under a folder, tests included */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(name) ? [file] : [];
  });
}

describe("the README and docs/", () => {
  it("keep the README to at most 200 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(200);
  });

  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of documents) {
      for (const [, target] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [address = "", anchor] = target.split("#");
        const linked = address === "" ? file : path.join(path.dirname(file), address);
        let exists = true;
        try {
          statSync(path.join(root, linked));
        } catch {
          exists = false;
        }
        if (!exists) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor)) {
          broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("name only repository files that exist", () => {
    const missing: string[] = [];
    for (const file of documents) {
      // a path written in code quotes: `src/server/app.ts`, `docs/security.md`, `tests/e2e`
      for (const [, named] of prose(file).matchAll(/`((?:src|tests|docs|scripts)\/[\w./-]+)`/g)) {
        if (!named) continue;
        try {
          statSync(path.join(root, named));
        } catch {
          missing.push(`${file}: ${named}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("list every npm script in the README's commands", () => {
    const scripts = Object.keys(JSON.parse(read("package.json")).scripts as Record<string, string>);
    const readme = read("README.md");
    const listed = (name: string) =>
      name === "test" || name === "start"
        ? readme.includes(`| \`npm ${name}`)
        : new RegExp(`\\| \`npm run ${name}[\` ]|, \`npm run ${name}\``).test(readme);
    expect(scripts.filter((name) => !listed(name))).toEqual([]);
  });

  it("describe every environment variable in docs/configuration.md, which the README points to", () => {
    // the server's own, and those the commands, scripts and test runs read
    const variables = new Set(SERVER_VARIABLES);
    const files = [...sourceFiles("src"), ...sourceFiles("scripts"), "playwright.config.ts"];
    for (const file of files) {
      for (const [, name] of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g))
        if (name) variables.add(name);
    }
    // set by our own test set-up for the processes it starts, never by a person
    for (const internal of ["E2E_BASE_URL", "TEST_DB", "MODULE_LOADS", "PATH"]) variables.delete(internal);
    expect(variables.size).toBeGreaterThan(20);
    const configuration = read("docs/configuration.md");
    const rows = configuration.split("\n").filter((line) => line.startsWith("| `"));
    const undocumented = [...variables].filter(
      (name) => !rows.some((row) => row.split("|")[1]?.includes(`\`${name}\``)),
    );
    expect(undocumented).toEqual([]);
    expect(read("README.md")).toContain("(docs/configuration.md)");
  });
});
