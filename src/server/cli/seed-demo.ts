import { seedDemo } from "../db/seed/demo.ts";
import { withDatabase } from "./open-for-cli.ts";

// Demo accounts have a known password: never in production unless asked for explicitly.
const force = process.argv.includes("--force");
const password = process.env.DEMO_PASSWORD;
if (process.env.NODE_ENV === "production" && !force) {
  console.error(
    "Refusing to add demo accounts with NODE_ENV=production; pass --force if you really mean it.",
  );
  process.exit(1);
}
if (!password || password.length < 6) {
  console.error(
    "Missing DEMO_PASSWORD: set DEMO_PASSWORD to the password of the demo accounts (6 characters or more).",
  );
  process.exit(1);
}

await withDatabase(async ({ db }) => {
  const { admin, customer, customer2 } = await seedDemo(db, password);
  console.log(`Demo data ready: ${admin.username}, ${customer.username}, ${customer2.username}.`);
});
