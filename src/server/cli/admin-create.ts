import { createInterface } from "node:readline/promises";
import { RegisterSchema } from "../../shared/schemas/auth.ts";
import { passwordProblem } from "../modules/auth/password-rules.ts";
import { createUser } from "../modules/users/users.service.ts";
import { commandOptions, exitWithUsage } from "./args.ts";
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

async function main() {
  const options = commandOptions(
    {
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
    usage,
  );
  const { username, email } = options;
  if (!username || !email) exitWithUsage(usage, "Missing --username or --email.");
  await withDatabase(async ({ db }) => {
    const parsed = RegisterSchema.safeParse({
      username,
      email,
      password: await readPassword(),
      firstName: options["first-name"] ?? "Admin",
      lastName: options["last-name"] ?? username,
    });
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
    const { role: _ignored, ...input } = parsed.data;
    // staff rules: at least 12 characters, and not one of the most common passwords
    const problem = passwordProblem(input.password, { ...input, role: "admin" });
    if (problem) throw new Error(`${problem}. Set ADMIN_PASSWORD to a longer, less common password.`);
    const admin = await createUser(db, { ...input, role: "admin" });
    console.log(`Admin ${admin.username} <${admin.email}> created.`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
