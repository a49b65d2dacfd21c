import { z } from "zod";

/**
 * A news message staff send to every customer who agreed to marketing e-mail: a subject and
 * plain text (blank lines start paragraphs). `key` is made by the form when it opens, so a
 * send that is repeated (a double click, a retry after a lost answer) sends nothing twice.
 */
export const NewsInputSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(3, "Please write a subject of at least 3 characters")
    .max(120, "Please keep the subject under 120 characters"),
  text: z
    .string()
    .trim()
    .min(10, "Please write a message of at least 10 characters")
    .max(5000, "Please keep the message under 5,000 characters"),
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "Please reload the page and try again"),
});
export type NewsInput = z.input<typeof NewsInputSchema>;

/** who a news message would go to now: customers whose latest marketing choice is "yes" */
export const NewsAudienceSchema = z.object({ recipients: z.number().int() });
export type NewsAudience = z.infer<typeof NewsAudienceSchema>;

export const NewsSentSchema = z.object({ recipients: z.number().int(), message: z.string() });
export type NewsSent = z.infer<typeof NewsSentSchema>;
