import { z } from "zod";
import { isoDateTime } from "./ids.ts";

/**
 * The placeholders a canned reply may hold, filled in when staff insert it into a reply.
 * Anything else in double braces is refused on save, so a typo never reaches a customer as
 * a literal "{{custmer_name}}".
 */
export const CANNED_REPLY_PLACEHOLDERS = ["customer_name", "ticket_number"] as const;
export type CannedReplyPlaceholder = (typeof CANNED_REPLY_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** the first `{{...}}` that is not one of the known placeholders, or null */
function unknownPlaceholder(text: string): string | null {
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!(CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(m[1])) return m[0];
  }
  return null;
}

/** Fills the placeholders for one ticket; the ticket number is written as customers see it (#12). */
export function fillPlaceholders(text: string, values: Record<CannedReplyPlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(name)
      ? values[name as CannedReplyPlaceholder]
      : whole,
  );
}

const CANNED_TITLE_MAX = 120;
/** as long as the reply it is inserted into may be */
const CANNED_BODY_MAX = 5000;

const placeholderList = CANNED_REPLY_PLACEHOLDERS.map((p) => `{{${p}}}`).join(" or ");

export const CannedReplyInputSchema = z.strictObject({
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(CANNED_TITLE_MAX, `Title must be at most ${CANNED_TITLE_MAX} characters`),
  body: z
    .string({ message: "Reply text is required" })
    .trim()
    .min(1, "Reply text is required")
    .max(CANNED_BODY_MAX, `Reply text must be at most ${CANNED_BODY_MAX} characters`)
    .superRefine((body, ctx) => {
      const bad = unknownPlaceholder(body);
      if (bad)
        ctx.addIssue({ code: "custom", message: `Unknown placeholder ${bad}: use ${placeholderList}` });
    }),
});
export type CannedReplyInput = z.infer<typeof CannedReplyInputSchema>;

export const CannedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  updatedAt: isoDateTime,
  /** who last saved it; null once that account is gone */
  updatedByName: z.string().nullable(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;
