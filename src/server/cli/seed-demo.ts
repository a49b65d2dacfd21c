import { seedDemo } from "../db/seed/demo.ts";
import { commandOptions } from "./args.ts";
import { withDatabase } from "./open-for-cli.ts";

async function main() {
  const { force = false } = commandOptions(
    { force: { type: "boolean" } },
    "Usage: npm run seed:demo [-- --force]",
  );
  const password = process.env.DEMO_PASSWORD;
  // Demo accounts have a known password: never in production unless asked for explicitly.
  if (process.env.NODE_ENV === "production" && !force) {
    throw new Error(
      "Refusing to add demo accounts with NODE_ENV=production; pass --force if you really mean it.",
    );
  }
  if (!password || password.length < 6) {
    throw new Error(
      "Missing DEMO_PASSWORD: set DEMO_PASSWORD to the password of the demo accounts (6 characters or more).",
    );
  }
  await withDatabase(async ({ db }) => {
    const { admin, customer, customer2 } = await seedDemo(db, password);
    console.log(`Demo data ready: ${admin.username}, ${customer.username}, ${customer2.username}.`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
