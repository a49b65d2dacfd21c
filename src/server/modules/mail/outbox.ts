import { eq, sql } from "drizzle-orm";
import type { PartnerBrand } from "../../../shared/schemas/partner-brand.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { emails, partners, purchases } from "../../db/schema.ts";
import {
  type ClaimedJob,
  enqueue,
  enqueueMany,
  type JobHandler,
  type JobRecorder,
  SkipJob,
} from "../jobs/queue.ts";
import { partnerBrand } from "../partners/partner-brand.ts";
import {
  escapeRegExp,
  LINK_VOID_REASON,
  type LinkKeys,
  type LinkRef,
  linkEpochOf,
  mintLink,
  withoutLiveLinks,
} from "./email-links.ts";
import { type Mailer, PermanentMailError } from "./mailer.ts";
import {
  MARKETING_TEMPLATES,
  POLICY_TEMPLATES,
  renderEmail,
  type TemplateData,
  type TemplateName,
} from "./templates/index.ts";
import { unsubscribeUrls } from "./unsubscribe.ts";

/** Who an e-mail is for: the customer's ticket page lists only the e-mails sent to the customer. */
type Audience = "customer" | "staff" | "visitor";

/**
 * A template's data as a job holds it: without the `token` of its link, which is made only
 * when the e-mail is sent (email-links.ts); the job names the link in `link` instead.
 */
export type QueuedData<K extends TemplateName> = Omit<TemplateData[K], "token">;

export interface EmailJob<K extends TemplateName = TemplateName> {
  template: K;
  to: string;
  toName?: string;
  data: QueuedData<K>;
  /** the link that acts for the person, made when the e-mail is sent; the template's `token` */
  link?: LinkRef;
  audience: Audience;
  /** the account it is for, when there is one (consent for reminders is that account's) */
  userId?: number;
}

/**
 * Templates whose link is a welcome extra (a set-password link beside news of an
 * invitation or a registered home): when the link no longer works they go without it.
 * Any other e-mail with a link that no longer works is not sent.
 */
const LINK_OPTIONAL: ReadonlySet<TemplateName> = new Set(["partner_invitation", "partner_handover"]);

export const EMAIL_JOB = "email";

/** the address of staff alerts, resolved when sent: STAFF_EMAIL, or every staff account */
export const STAFF_ADDRESS = "staff";

/**
 * Queues an e-mail in the caller's transaction: it goes out if and only if the change that
 * causes it commits. Written when sent, not now, so the request pays only for one insert.
 */
export async function queueEmail<K extends TemplateName>(
  tx: Tx | Db,
  mail: EmailJob<K>,
  options: { ticketId?: number; uniqueKey?: string } = {},
): Promise<number | null> {
  return enqueue(tx, {
    kind: EMAIL_JOB,
    payload: mail,
    ticketId: options.ticketId,
    uniqueKey: options.uniqueKey,
  });
}

/** Queues several e-mails in one statement (see enqueueMany): the request pays one round trip. */
export async function queueEmails(
  tx: Tx | Db,
  list: { mail: EmailJob; ticketId?: number; uniqueKey?: string }[],
): Promise<number[]> {
  return enqueueMany(
    tx,
    list.map((m) => ({ kind: EMAIL_JOB, payload: m.mail, ticketId: m.ticketId, uniqueKey: m.uniqueKey })),
  );
}

/** `<job-42@warranty.example.in>`: the same for every attempt of one job */
function messageIdFor(jobId: number, origin: string): string {
  return `<job-${jobId}@${new URL(origin).hostname}>`;
}

export interface EmailHandlerDeps {
  db: Db;
  mailer: Mailer;
  origin: string;
  /** where staff alerts go: STAFF_EMAIL, or every staff account's address */
  staffAddresses: () => Promise<string[]>;
  /** signs the one-click unsubscribe links of marketing e-mails */
  unsubscribeKey: Buffer;
  /** marketing e-mails (reminders) go only to those who agreed; service e-mails always go */
  hasMarketingConsent?: (userId: number) => Promise<boolean>;
  /** the signed one-tap rating links (score 1 to 5) of a "resolved" e-mail, at the customer's link epoch */
  ratingUrls?: (ticketId: number, resolution: number, epoch: number) => string[];
  /** makes the e-mails' links as they are sent (email-links.ts) */
  links: LinkKeys;
}

type SentEmail = typeof emails.$inferInsert;

/**
 * The partner of the policy an e-mail is about, for its white label: looked up as the
 * e-mail is written, so it carries the partner's name and logo as they are when it goes.
 */
async function partnerOfPolicy(db: Db, mail: EmailJob): Promise<PartnerBrand | undefined> {
  const purchaseId = (mail.data as { purchaseId?: unknown }).purchaseId;
  if (!POLICY_TEMPLATES.has(mail.template) || typeof purchaseId !== "number") return undefined;
  const [row] = await db
    .select({ id: partners.id, name: partners.name, logoStorageKey: partners.logoStorageKey })
    .from(purchases)
    .innerJoin(partners, eq(partners.id, purchases.partnerId))
    .where(eq(purchases.id, purchaseId));
  return row ? partnerBrand(row) : undefined;
}

/**
 * Sends one e-mail job and returns its copy, which the runner writes with the batch's other
 * copies when it marks them done (recordSentEmails). A crash between the send and that write
 * sends it again when the lease runs out (at least once), with the same Message-ID.
 */
export function emailJobHandler(deps: EmailHandlerDeps): JobHandler {
  return async (job: ClaimedJob): Promise<SentEmail> => {
    const mail = job.payload as EmailJob;
    if (MARKETING_TEMPLATES.has(mail.template) && mail.userId !== undefined) {
      const consent = deps.hasMarketingConsent ? await deps.hasMarketingConsent(mail.userId) : false;
      if (!consent) {
        // nothing to send: recorded on the job so staff can see why
        throw new SkipJob("Not sent: no consent to reminders and news");
      }
    }
    // reminders and news carry a one-click unsubscribe (RFC 8058) and a link in the footer
    const unsubscribe =
      MARKETING_TEMPLATES.has(mail.template) && mail.userId !== undefined
        ? unsubscribeUrls(deps.origin, deps.unsubscribeKey, mail.userId)
        : undefined;
    // the link is made now, never stored: a job queued before links were made this way
    // still carries its token in its data, and that token is kept out of the copy as well
    const legacy = (mail.data as { token?: unknown }).token;
    let token: string | null = typeof legacy === "string" ? legacy : null;
    if (mail.link) {
      token = await mintLink(deps.links, mail.link);
      if (token === null && !LINK_OPTIONAL.has(mail.template)) throw new SkipJob(LINK_VOID_REASON);
    }
    const ratings = await ratingUrlsOf(mail, deps);
    let rendered: Awaited<ReturnType<typeof renderEmail>>;
    try {
      rendered = await renderEmail(
        mail.template,
        (mail.link ? { ...mail.data, token } : mail.data) as never,
        {
          origin: deps.origin,
          unsubscribeUrl: unsubscribe?.page,
          ratingUrls: ratings,
          partner: await partnerOfPolicy(deps.db, mail),
        },
      );
    } catch (err) {
      throw new PermanentMailError(`Could not write the e-mail: ${(err as Error).message}`);
    }
    const messageId = messageIdFor(job.id, deps.origin);
    const to = mail.to === STAFF_ADDRESS ? await deps.staffAddresses() : mail.to;
    if (Array.isArray(to) && to.length === 0)
      throw new SkipJob("Not sent: no staff address (set STAFF_EMAIL)");
    await deps.mailer.send({
      to,
      toName: mail.toName,
      messageId,
      ...rendered,
      ...(unsubscribe
        ? {
            headers: {
              "List-Unsubscribe": `<${unsubscribe.oneClick}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          }
        : {}),
    });
    // the copy staff read keeps no live link: not the token, the rating signatures, nor the
    // unsubscribe signature
    const secrets = [
      ...(token ? [token] : []),
      ...(ratings ?? []).map((u) => new URL(u).searchParams.get("s") ?? ""),
      ...(unsubscribe ? [new URL(unsubscribe.page).searchParams.get("t") ?? ""] : []),
    ];
    const kept = withoutLiveLinks(rendered, secrets);
    return {
      jobId: job.id,
      messageId,
      template: mail.template,
      toAddress: Array.isArray(to) ? to.join(", ") : to,
      subject: rendered.subject,
      html: kept.html,
      text: kept.text,
      transport: deps.mailer.kind,
    };
  };
}

/** A "resolved" e-mail's rating links, signed when it is sent (the request that queued it holds no key). */
async function ratingUrlsOf(mail: EmailJob, deps: EmailHandlerDeps): Promise<string[] | undefined> {
  if (mail.template !== "ticket_status" || !deps.ratingUrls) return undefined;
  const d = mail.data as TemplateData["ticket_status"];
  if (d.change !== "resolved" || !d.resolution) return undefined;
  const epoch = mail.userId === undefined ? 0 : await linkEpochOf(deps.db, mail.userId);
  return deps.ratingUrls(d.ticketId, d.resolution, epoch);
}

/** The copies of a batch of sent e-mails, one statement; a resend after a crash updates its copy. */
export const recordSentEmails: JobRecorder = async (tx, done) => {
  await tx
    .insert(emails)
    .values(done.map((d) => d.result as SentEmail))
    .onConflictDoUpdate({
      target: emails.jobId,
      set: {
        sentAt: sql`now()`,
        html: sql`excluded.html`,
        text: sql`excluded.text`,
        subject: sql`excluded.subject`,
      },
    });
};

/** why an e-mail still waiting for a person who erased their account was not sent */
const ERASED_REASON = "Not sent: the account was erased";

/**
 * Takes a person's address out of the e-mail records: the finished jobs (whose payloads name
 * it) and the stored copies (their recipient, subject and text) then read `replacement`
 * instead, compared without regard to case. With `cancelPending`, e-mails still waiting for
 * that address are not sent (done, with the reason kept), and lose it too. Runs in the
 * caller's transaction; answers how many stored copies were changed.
 */
export async function forgetAddress(
  tx: Tx,
  address: string,
  replacement: string,
  options: { cancelPending: boolean },
): Promise<number> {
  const pattern = escapeRegExp(address);
  if (options.cancelPending) {
    await tx.execute(sql`
      update jobs set status = 'done', finished_at = clock_timestamp(), last_error = ${ERASED_REASON}
      where kind = ${EMAIL_JOB} and status = 'pending' and lower(payload ->> 'to') = lower(${address})`);
  }
  await tx.execute(sql`
    update jobs set payload = regexp_replace(payload::text, ${pattern}, ${replacement}, 'gi')::jsonb
    where kind = ${EMAIL_JOB} and status in ('done', 'dead') and payload::text ~* ${pattern}`);
  const changed = await rowsOf<{ id: number }>(
    tx.execute(sql`
    update emails set
      to_address = regexp_replace(to_address, ${pattern}, ${replacement}, 'gi'),
      subject = regexp_replace(subject, ${pattern}, ${replacement}, 'gi'),
      html = regexp_replace(html, ${pattern}, ${replacement}, 'gi'),
      text = regexp_replace(text, ${pattern}, ${replacement}, 'gi')
    where to_address ~* ${pattern} or subject ~* ${pattern} or html ~* ${pattern} or text ~* ${pattern}
    returning id`),
  );
  return changed.length;
}
