import { LOGO_MAX_BYTES, LOGO_TYPES } from "@shared/schemas/partner.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { formatSize } from "@web/lib/upload.ts";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * A failed save said where it belongs: the server's field errors beside their fields (under
 * the form's own names), anything else once above the buttons.
 */
export function showFailure<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  rename: Record<string, Path<T>> = {},
) {
  const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
  for (const [name, message] of fields) form.setError(rename[name] ?? (name as Path<T>), { message });
  if (fields.length === 0) {
    form.setError("root", { message: errorMessage(error, "Please try again.") });
  }
}

export function RootError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

/** why a picture cannot be a logo, before it is sent; undefined when it can */
export function logoProblem(file: File): string | undefined {
  if (!LOGO_TYPES.some((t) => t === file.type)) return "Choose a PNG, JPEG or WebP picture.";
  if (file.size > LOGO_MAX_BYTES) {
    return `This picture is ${formatSize(file.size)}; a logo can be at most ${formatSize(LOGO_MAX_BYTES)}.`;
  }
  return undefined;
}
