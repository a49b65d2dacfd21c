import { parseArgs } from "node:util";

type OptionSpec = Record<string, { type: "string" | "boolean" }>;

/**
 * The options a command or script was given, parsed strictly by node:util: an unknown
 * option, a stray word, an option missing its value, or one followed by another option
 * where its value should be ("--from --force") ends the process with the problem and the
 * usage, instead of the next option being taken for the value.
 */
export function commandOptions<const T extends OptionSpec>(
  options: T,
  usage: string,
  args: string[] = process.argv.slice(2),
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    return exitWithUsage(usage, err instanceof Error ? err.message : String(err));
  }
}

/** Ends a command that cannot run as called: what is wrong, then how to call it. */
export function exitWithUsage(usage: string, problem: string): never {
  console.error(`${problem}\n${usage}`);
  process.exit(1);
}
