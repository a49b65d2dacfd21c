import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api.ts";
import { toast } from "./toast.ts";

type SaveErrorsOptions<T extends FieldValues> = {
  /** the form whose fields show the server's field errors; without one they are kept in `errors` */
  form?: { setError: UseFormSetError<T> };
  /** the fields that show a server error beside them; every field the server names when omitted */
  fields?: readonly Path<T>[];
  /** the server's name for a field → the form's, where they differ */
  rename?: Partial<Record<string, Path<T>>>;
  /** a red toast on every failure: this title, and the server's message or `fallback` */
  toast?: { title: string; fallback: string };
  /**
   * or, for a dialog that says it at its buttons: when no field took an error, the server's
   * message (or this) as the form's root error
   */
  root?: string;
};

/**
 * A failed save, the same way on every form: the server's `{ errors: { field: message } }`
 * (a 400 or 409 answer) beside the matching fields, so a taken username shows at the username
 * box, and the failure as a whole in a toast or at the buttons. A form that shows the failed
 * request itself (a `FormFailure` from the mutation) asks for neither. `failed` is the
 * mutation's `onError`; `clear` forgets the kept field errors after a good save.
 */
export function useSaveErrors<T extends FieldValues = FieldValues>(options: SaveErrorsOptions<T>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failed = (error: unknown) => {
    const { form, fields, rename = {}, root } = options;
    const shown: Record<string, string> = {};
    const sent = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
    for (const [name, message] of sent) {
      const field = rename[name] ?? (name as Path<T>);
      if (fields && !fields.includes(field)) continue;
      shown[field] = message;
      form?.setError(field, { type: "server", message });
    }
    if (!form) setErrors(shown);
    if (options.toast) {
      const { title, fallback } = options.toast;
      toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
    }
    if (form && root !== undefined && Object.keys(shown).length === 0) {
      form.setError("root", { message: errorMessage(error, root) });
    }
  };
  return { failed, errors, clear: () => setErrors({}) };
}
