import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { tempDirsForThisFile } from "../../../tests/support/temp-dirs.ts";
import { backupsDir, listenForBackupRequests } from "./backup.ts";
import { createPglite } from "./client.ts";

const tempDir = tempDirsForThisFile();

/**
 * A backup request is a file in DATA_DIR/backups/.requests naming where the copy goes. The
 * server that answers it holds the whole database, password hashes included: it writes only
 * into DATA_DIR/backups, and never through a link planted there.
 */
describe("backup requests", () => {
  it("are written only into DATA_DIR/backups, never elsewhere or through a link", async () => {
    const dataDir = tempDir("requests");
    const outside = tempDir("outside");
    const backups = backupsDir(dataDir);
    const requests = path.join(backups, ".requests");
    mkdirSync(requests, { recursive: true });
    const victim = path.join(outside, "victim.txt");
    writeFileSync(victim, "keep me");
    // a link where the copy is first written, pointing at a file the server may change
    symlinkSync(victim, path.join(backups, "linked.tar.gz.partial"));
    const asked = {
      outside: path.join(outside, "stolen.tar.gz"),
      climbing: path.join(backups, "..", "escaped.tar.gz"),
      hidden: path.join(backups, ".requests", "x.tar.gz"),
      linked: path.join(backups, "linked.tar.gz"),
      good: path.join(backups, "good.tar.gz"),
    };
    for (const [name, out] of Object.entries(asked)) {
      writeFileSync(path.join(requests, `${name}.json`), JSON.stringify({ out }));
    }

    const client = await createPglite(undefined, {
      loadDataDir: new Blob([readFileSync(inject("pgliteImage"))]),
    });
    const errors: unknown[] = [];
    const stop = listenForBackupRequests(dataDir, client, {
      info: () => {},
      error: (obj) => errors.push(obj),
    });
    try {
      // requests waiting at start are served at once, one after another
      const deadline = Date.now() + 30_000;
      while (readdirSync(requests).some((n) => n.endsWith(".json")) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      stop();
      await client.close();
    }

    expect(existsSync(asked.outside)).toBe(false);
    expect(existsSync(path.join(dataDir, "escaped.tar.gz"))).toBe(false);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(existsSync(asked.linked)).toBe(false);
    for (const name of ["outside", "climbing", "hidden", "linked"]) {
      expect(readFileSync(path.join(requests, `${name}.json.error`), "utf8"), name).toMatch(
        /refused|EEXIST|ELOOP/,
      );
    }
    const good = readFileSync(asked.good);
    expect([good[0], good[1]]).toEqual([0x1f, 0x8b]);
    expect(statSync(asked.good).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(requests, "good.json.error"))).toBe(false);
  }, 60_000);
});
