/**
 * What a failed query leaves in an error: its parameters (a user's insert carries the
 * password hash, a profile update the customer's phone and address) and, from the
 * database, a `detail` such as "Failing row contains (...)" that repeats them. Logs keep
 * the SQL, the error code, the constraint and the stack, and never those values.
 */

/** error properties that hold the values of a query (node-postgres, PGlite, Drizzle) */
const VALUE_KEYS = new Set(["params", "parameters", "values", "detail", "where", "queryOptions"]);
const REDACTED = "[redacted]";

/** Drizzle's "Failed query: <sql>\nparams: <values>" message, and the same lines in the stack */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const scrub = (text: string) => text.replace(PARAMS_LINE, `\nparams: ${REDACTED}`);

/** A message safe to print or log: the parameters of a failed query removed. */
export function safeErrorMessage(err: unknown): string {
  return scrub(err instanceof Error ? err.message : String(err));
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * pino's error serializer (type, message, stack, own properties, cause), with the values of
 * failed queries redacted, at any depth of causes.
 */
function serializeError(err: Error, depth = 0): SerializedError {
  const out: SerializedError = {
    type: err.constructor?.name ?? "Error",
    message: scrub(String(err.message)),
    stack: scrub(String(err.stack ?? "")),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === "cause" || key === "message" || key === "stack") continue;
    out[key] = VALUE_KEYS.has(key) ? REDACTED : value;
  }
  if (depth < 5) {
    if (err.cause instanceof Error) out.cause = serializeError(err.cause, depth + 1);
    if (err instanceof AggregateError) {
      out.errors = err.errors.map((e) => (e instanceof Error ? serializeError(e, depth + 1) : e));
    }
  }
  return out;
}

/**
 * Serializers for the server's logger (Fastify's pino): errors are logged under `err`, and
 * anything else under that key is written as it is.
 */
export const LOG_SERIALIZERS = {
  err: (err: unknown) => (err instanceof Error ? serializeError(err) : (err as SerializedError)),
};
