import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/**
 * Puts the server's `{ errors: { field: message } }` (a 400 or 409 answer) under the
 * matching fields of a form, so a taken username shows beside the username box as well
 * as in the toast. Unknown fields are ignored.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
) {
  if (!(error instanceof Error)) return;
  try {
    const body = JSON.parse(error.message.replace(/^\d{3}: /, "")) as { errors?: Record<string, unknown> };
    for (const [field, message] of Object.entries(body.errors ?? {})) {
      if (typeof message === "string" && (fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: "server", message });
      }
    }
  } catch {
    // not a JSON answer: the toast says it all
  }
}
