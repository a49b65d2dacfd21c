import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCli } from "../../../tests/support/server-process.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "hipws-admin-pw-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("admin:create refuses a password shorter than 12 characters or a common one", async () => {
  const args = ["--username", "lalitha", "--email", "lalitha@example.in"];
  const short = await runCli("admin-create", args, { DATA_DIR: dataDir, ADMIN_PASSWORD: "Short-pass1" });
  expect(short.code).toBe(1);
  expect(short.stderr).toContain("Staff passwords must be at least 12 characters");
  const common = await runCli("admin-create", args, { DATA_DIR: dataDir, ADMIN_PASSWORD: "qwerty123456" });
  expect(common.code).toBe(1);
  expect(common.stderr).toMatch(/one of the most common/);
}, 60_000);
