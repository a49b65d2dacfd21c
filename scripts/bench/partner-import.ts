import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { and, eq, isNull, sql } from "drizzle-orm";
import Papa from "papaparse";
import { commandOptions } from "../../src/server/cli/args.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { partnerMembers, partners, plans, purchases, users } from "../../src/server/db/schema.ts";
import { seedBaseContent } from "../../src/server/db/seed/base-content.ts";
import { seedDemoPartner } from "../../src/server/db/seed/demo-partner.ts";
import { NO_PASSWORD_YET } from "../../src/server/modules/auth/password.ts";
import { checkRow, decodeCsv, readCsv } from "../../src/server/modules/partners/imports.parse.ts";
import { commitImport, previewImport } from "../../src/server/modules/partners/imports.service.ts";
import type { Membership } from "../../src/server/modules/partners/partner-access.ts";
import { toPublicUser } from "../../src/server/modules/users/public-user.ts";
import { todayInIndia } from "../../src/shared/dates.ts";
import { IMPORT_COLUMNS } from "../../src/shared/schemas/partner-import.ts";
import { createScratchDatabase } from "../../tests/support/global-setup.ts";
import { median } from "../lib/median.ts";

const options = commandOptions(
  { pg: { type: "string" }, rows: { type: "string" }, runs: { type: "string" } },
  "Usage: node --import tsx scripts/bench/partner-import.ts [--pg URL] [--rows N] [--runs N]",
);
const BASE = options.pg ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(options.rows ?? 10_000);
const RUNS = Number(options.runs ?? 3);
const PREVIEW_TARGET_MS = 10_000;
const COMMIT_TARGET_MS = 30_000;

const scratch = await createScratchDatabase(BASE, "bench_import");
const database = await openDatabase({ databaseUrl: scratch.url });
try {
  await database.migrate();
  const { db } = database;
  await seedBaseContent(db);
  await seedDemoPartner(db, "bench-partner-password");
  // an Enterprise contract: no monthly quota, so 10,000 homes fit
  await db.update(partners).set({ monthlyQuota: null });
  const [row] = await db
    .select({ member: partnerMembers, user: users })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(and(eq(users.username, "demo-partner-member"), isNull(partnerMembers.removedAt)));
  const m: Membership = {
    user: toPublicUser(row.user),
    memberId: row.member.id,
    partnerId: row.member.partnerId,
    role: row.member.role,
  };
  const planRows = await db
    .select({ id: plans.id, name: plans.name, duration: sql<number>`${plans.duration}` })
    .from(plans)
    .where(sql`${plans.type} = 'B2C' and ${plans.duration} is not null`);

  const today = todayInIndia();
  const file = (run: number) => {
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `Homeowner ${run}-${i} Raman`,
      `bench-${run}-${i}@example.in`,
      "+91 98400 12345",
      `${i} Besant Avenue, Adyar`,
      "Chennai",
      "Tamil Nadu",
      "600020",
      ["Essential", "Premium", "Elite"][i % 3],
      today,
      "Team Ravi",
      "Kitchen:Modular kitchen:Hettich; Master bedroom:Wardrobe",
    ]);
    return Buffer.from(Papa.unparse([IMPORT_COLUMNS.map((c) => c.header), ...rows], { newline: "\r\n" }));
  };

  const parseMs: number[] = [];
  const previewMs: number[] = [];
  const commitMs: number[] = [];
  const insertMs: number[] = [];
  const timed = async (into: number[], work: () => Promise<unknown> | unknown) => {
    const start = performance.now();
    const out = await work();
    into.push(performance.now() - start);
    return out;
  };
  // warm-up, not counted: the first pass also compiles the parser and the schemas
  const warm = readCsv(decodeCsv(file(0)).text);
  for (const r of warm.rows) checkRow(r, warm.columns, planRows);
  for (let run = 1; run <= RUNS; run++) {
    const bytes = file(run);
    await timed(parseMs, () => {
      const table = readCsv(decodeCsv(bytes).text);
      return table.rows.map((r) => checkRow(r, table.columns, planRows));
    });
    const preview = await timed(previewMs, () => previewImport(db, m, { bytes, fileName: "bench.csv" }));
    const { id, errorCount, canCommit } = preview as Awaited<ReturnType<typeof previewImport>>;
    if (errorCount > 0 || !canCommit)
      throw new Error(`the bench file did not preview clean (${errorCount} errors)`);
    await timed(commitMs, () => commitImport(db, m, id));
    await timed(insertMs, () =>
      db
        .transaction(async (tx) => {
          for (let i = 0; i < ROWS; i += 1000) {
            const made = await tx
              .insert(users)
              .values(
                Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => ({
                  firstName: "Control",
                  lastName: String(i + k),
                  username: `control-${run}-${i + k}`,
                  email: `control-${run}-${i + k}@example.in`,
                  passwordHash: NO_PASSWORD_YET,
                  role: "customer" as const,
                })),
              )
              .returning({ id: users.id });
            await tx.insert(purchases).values(
              made.map((u, k) => ({
                userId: u.id,
                planId: planRows[0].id,
                policyNumber: `CONTROL-${run}-${i + k}`,
                propertyAddress: `${i + k} Besant Avenue, Adyar`,
                propertyCity: "Chennai",
                propertyState: "Tamil Nadu",
                propertyPincode: "600020",
                startDate: today,
                endDate: today,
                totalAmount: 0,
              })),
            );
          }
          tx.rollback();
        })
        .catch((err: Error) => {
          // drizzle's rollback() ends the transaction by throwing
          if (!/rollback/i.test(err.message)) throw err;
        }),
    );
    console.error(
      `  run ${run}: parse ${parseMs.at(-1)!.toFixed(0)} ms, preview ${previewMs.at(-1)!.toFixed(0)} ms, commit ${commitMs.at(-1)!.toFixed(0)} ms, plain insert ${insertMs.at(-1)!.toFixed(0)} ms`,
    );
  }

  const verdict = (ms: number, target: number, why: string) => (ms <= target ? "met" : `**missed**: ${why}`);
  const previewMedian = median(previewMs);
  const commitMedian = median(commitMs);
  const rowsOut = [
    "| partner import (PostgreSQL) | median of runs | target | |",
    "| --- | --- | --- | --- |",
    `| preview of ${ROWS.toLocaleString("en-IN")} rows | ${(previewMedian / 1000).toFixed(2)} s | ${PREVIEW_TARGET_MS / 1000} s | ${verdict(previewMedian, PREVIEW_TARGET_MS, "the preview costs more than reading and checking the file (control below): the queries or the kept preview")} |`,
    `| control: read and check the file, no database | ${(median(parseMs) / 1000).toFixed(2)} s | | |`,
    `| commit of ${ROWS.toLocaleString("en-IN")} rows | ${(commitMedian / 1000).toFixed(2)} s | ${COMMIT_TARGET_MS / 1000} s | ${verdict(commitMedian, COMMIT_TARGET_MS, "compare with the plain insert below: the extra statements (items, audit, tokens, e-mails) or their chunking")} |`,
    `| control: plain insert of the accounts and policies, rolled back | ${(median(insertMs) / 1000).toFixed(2)} s | | |`,
  ];
  console.log(rowsOut.join("\n"));
  console.log(
    `\n${RUNS} runs, fresh homeowners each; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (other work on the machine slows every figure).`,
  );
} catch (err) {
  // one line that names the failure: a driver's error prints its whole connection otherwise
  const e = err as Error & { code?: string; detail?: string };
  console.error(
    `the partner import bench failed: ${e.message}${e.code ? ` (${e.code})` : ""}${e.detail ? `: ${e.detail}` : ""}`,
  );
  console.error(e.stack?.split("\n").slice(1, 6).join("\n"));
  process.exitCode = 1;
} finally {
  await database.close();
  await scratch.drop();
}
