import { eq, sql } from "drizzle-orm";
import type { PartnerBrand } from "../../../shared/schemas/partner-brand.ts";
import type { Db, Tx } from "../../db/client.ts";
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
import { type Mailer, PermanentMailError } from "./mailer.ts";
import {
  MARKETING_TEMPLATES,
  POLICY_TEMPLATES,
  renderEmail,
  type TemplateData,
  type TemplateName,
} from "./templates.tsx";
import { unsubscribeUrls } from "./unsubscribe.ts";

/** Who an e-mail is for: the customer's ticket page lists only the e-mails sent to the customer. */
export type Audience = "customer" | "staff" | "visitor";

export interface EmailJob<K extends TemplateName = TemplateName> {
  template: K;
  to: string;
  toName?: string;
  data: TemplateData[K];
  audience: Audience;
  /** the account it is for, when there is one (consent for reminders is that account's) */
  userId?: number;
}

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
export function messageIdFor(jobId: number, origin: string): string {
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
  /** the signed one-tap rating links (score 1 to 5) of a "resolved" e-mail */
  ratingUrls?: (ticketId: number, resolution: number) => string[];
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
    let rendered: Awaited<ReturnType<typeof renderEmail>>;
    try {
      rendered = await renderEmail(mail.template, mail.data as never, {
        origin: deps.origin,
        unsubscribeUrl: unsubscribe?.page,
        ratingUrls: ratingUrlsOf(mail, deps),
        partner: await partnerOfPolicy(deps.db, mail),
      });
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
    return {
      jobId: job.id,
      messageId,
      template: mail.template,
      toAddress: Array.isArray(to) ? to.join(", ") : to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      transport: deps.mailer.kind,
    };
  };
}

/** A "resolved" e-mail's rating links, signed when it is sent (the request that queued it holds no key). */
function ratingUrlsOf(mail: EmailJob, deps: EmailHandlerDeps): string[] | undefined {
  if (mail.template !== "ticket_status" || !deps.ratingUrls) return undefined;
  const d = mail.data as TemplateData["ticket_status"];
  return d.change === "resolved" && d.resolution ? deps.ratingUrls(d.ticketId, d.resolution) : undefined;
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
