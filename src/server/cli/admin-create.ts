import { createInterface } from "node:readline/promises";
import { RegisterSchema } from "../../shared/schemas/auth.ts";
import { createUser } from "../modules/users/users.service.ts";
import { argValue } from "./args.ts";
import { withDatabase } from "./open-for-cli.ts";

const usage = "Usage: npm run admin:create -- --username U --email E [--first-name F --last-name L]";

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    throw new Error("Missing ADMIN_PASSWORD: set ADMIN_PASSWORD, or run in a terminal to be prompted.");
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // hide what is typed
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
  rl.setPrompt("");
  process.stdout.write("Password for the new admin: ");
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  const answer = await rl.question("");
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = write;
  rl.close();
  process.stdout.write("\n");
  return answer;
}

const username = argValue("username");
const email = argValue("email");
if (!username || !email) {
  console.error(usage);
  process.exit(1);
}

await withDatabase(async ({ db }) => {
  const parsed = RegisterSchema.safeParse({
    username,
    email,
    password: await readPassword(),
    firstName: argValue("first-name") ?? "Admin",
    lastName: argValue("last-name") ?? username,
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
  const { role: _ignored, ...input } = parsed.data;
  const admin = await createUser(db, { ...input, role: "admin" });
  console.log(`Admin ${admin.username} <${admin.email}> created.`);
});
