import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api.ts";
import { toast } from "./toast.ts";

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
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(field))
      setError(field as Path<T>, { type: "server", message });
  }
}

/**
 * A form's failed save, the same way on every form: the server's field errors beside their
 * fields, and a red toast with `title` and the server's message (`fallback` when it sent none).
 */
export function showSaveError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
  { title, fallback }: { title: string; fallback: string },
) {
  applyServerFieldErrors(setError, error, fields);
  toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}
