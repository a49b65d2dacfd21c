import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { seedScale } from "../db/seed/scale.ts";
import { withDatabase } from "./open-for-cli.ts";

/**
 * `npm run seed:scale -- --tickets N [--seed S]`: adds generated customers, policies, tickets
 * and enquiries to try the staff console at the business's real size. Accounts it makes
 * sign in with DEMO_PASSWORD when that is set, and with nobody's password otherwise.
 */
const usage = "Usage: npm run seed:scale -- --tickets N [--seed S]   (N from 1 to 1,000,000)";

let options: { tickets?: string; seed?: string };
try {
  options = parseArgs({ options: { tickets: { type: "string" }, seed: { type: "string" } } }).values;
} catch (err) {
  console.error(`${err instanceof Error ? err.message : err}\n${usage}`);
  process.exit(1);
}
const tickets = Number(options.tickets);
const seed = Number(options.seed ?? 1);
if (!Number.isInteger(tickets) || tickets < 1 || tickets > 1_000_000 || !Number.isInteger(seed)) {
  console.error(usage);
  process.exit(1);
}
// generated people with made-up details must never mix with real customers
if (process.env.NODE_ENV === "production") {
  console.error("Refusing to generate volume data with NODE_ENV=production.");
  process.exit(1);
}
const password = process.env.DEMO_PASSWORD || randomBytes(24).toString("base64url");

await withDatabase(async (database) => {
  const started = performance.now();
  const result = await seedScale(database.db, {
    tickets,
    seed,
    password,
    onProgress: (m) => console.log(`  ${m} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Generated ${result.tickets} tickets, ${result.customers} customers, ${result.policies} policies, ` +
      `${result.enquiries} enquiries, ${result.messages} messages and ${result.staff} staff on ${database.kind} in ${seconds} s.`,
  );
});
