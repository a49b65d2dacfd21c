import { NewsAudienceSchema, NewsInputSchema, NewsSentSchema } from "../schemas/news.ts";
import { defineEndpoints } from "./define.ts";

/**
 * News by e-mail: staff write a short message and send it to every customer with marketing
 * consent, one queued e-mail each, with a one-click unsubscribe. Audited.
 */
export const newsEndpoints = defineEndpoints({
  /** how many customers a news message would reach now */
  "GET /api/admin/news/audience": { access: "office", response: NewsAudienceSchema },
  /**
   * queues the message for each of them (201 with how many); 409 when this message (its
   * `key`) was already sent, 400 when nobody has agreed to receive news
   */
  "POST /api/admin/news": { access: "office", body: NewsInputSchema, response: NewsSentSchema, status: 201 },
});
