import { LOGO_MAX_BYTES, LOGO_TYPES } from "@shared/schemas/partner.ts";
import { formatSize } from "@web/lib/upload.ts";

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
