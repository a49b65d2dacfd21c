import { sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { NewsAudience, NewsInput, NewsSent } from "../../../shared/schemas/news.ts";
import { NewsInputSchema } from "../../../shared/schemas/news.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { badRequest, conflict } from "../../errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { JOBS_CHANNEL } from "../jobs/queue.ts";
import { EMAIL_JOB } from "../mail/outbox.ts";

/**
 * Customers whose newest marketing choice is "given" (no choice means no: marketing is never
 * assumed), and not erased. Read through the consents' (user_id, purpose, id) index.
 */
const recipients = sql`from users u
  where u.role = 'customer' and u.erased_at is null
    and coalesce((select c.given from consents c
      where c.user_id = u.id and c.purpose = 'marketing' order by c.id desc limit 1), false)`;

export async function newsAudience(db: Db | Tx): Promise<NewsAudience> {
  const [row] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n ${recipients}`));
  return { recipients: row?.n ?? 0 };
}

/**
 * One e-mail job per recipient, made by the database in one statement (however many
 * customers there are, nothing is read into this process), in one transaction with the
 * audit row. Each job's unique key is the message's key and the customer, so a repeated
 * send adds nothing. Consent is asked again when each e-mail is sent (the e-mail handler
 * treats "news" as marketing): a customer who withdraws meanwhile gets nothing.
 */
export async function sendNews(db: Db, actor: PublicUser, input: NewsInput): Promise<NewsSent> {
  const { subject, text, key } = NewsInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ n: number }>(
      tx.execute(sql`
      with j as (
        insert into jobs (kind, payload, unique_key)
        select ${EMAIL_JOB},
          jsonb_build_object(
            'template', 'news', 'to', u.email, 'toName', trim(u.first_name || ' ' || u.last_name),
            'audience', 'customer', 'userId', u.id,
            'data', jsonb_build_object('name', u.first_name, 'subject', ${subject}::text, 'text', ${text}::text)),
          ${`news:${key}:`} || u.id
        ${recipients}
        on conflict (unique_key) do nothing
        returning id
      ), n as (select pg_notify(${JOBS_CHANNEL}, '') from j limit 1)
      select (select count(*) from j)::int as n, (select count(*) from n) as notified`),
    );
    const sent = row?.n ?? 0;
    if (sent === 0) {
      // asked inside the transaction: the embedded database has one connection, which it holds
      if ((await newsAudience(tx)).recipients > 0) throw conflict("This news message was already sent.");
      throw badRequest("No customer has agreed to receive news yet, so there is no one to send it to.");
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: "news.send",
      entityType: "news",
      entityId: null,
      details: { subject, recipients: sent, key },
    });
    return {
      recipients: sent,
      message: `Your news is on its way to ${sent} ${sent === 1 ? "customer" : "customers"}.`,
    };
  });
}
