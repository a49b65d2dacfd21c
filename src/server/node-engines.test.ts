import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * package.json promises the oldest Node the site runs on. A dependency that declares a
 * newer one (cookie@2 and content-disposition@3 want Node 22) may use what that Node lacks
 * and fail on a machine that keeps the promise; pin such packages in `overrides`.
 */
const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

describe("Node version", () => {
  it("every installed package supports the oldest Node that package.json promises", () => {
    const oldest = semver.minVersion(pkg.engines.node)?.version;
    expect(oldest).toBe("20.19.0");
    const refusing = Object.entries(lock.packages as Record<string, { version?: string; engines?: unknown }>)
      .filter(([name, info]) => {
        const wanted = (info.engines as { node?: string } | undefined)?.node;
        return name && typeof wanted === "string" && !semver.satisfies(oldest as string, wanted);
      })
      .map(([name, info]) => `${name.replace(/^.*node_modules\//, "")}@${info.version}`);
    expect(refusing).toEqual([]);
  });
});
