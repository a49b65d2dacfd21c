import { z } from "zod";
import { AttachmentSchema } from "./attachment.ts";
import { emailSchema, PublicUserSchema } from "./auth.ts";
import { isoDateTime, isoDay } from "./ids.ts";
import { PolicyListItemSchema } from "./policy.ts";
import { PolicyItemSchema } from "./policy-items.ts";
import { RenewalSchema } from "./renewal.ts";
import { SecurityEventSchema } from "./security.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "./ticket.ts";
import { TRANSFER_STATUSES } from "./transfer.ts";
import { VISIT_OUTCOMES, VISIT_STATUSES } from "./visit.ts";

/**
 * Personal data under India's Digital Personal Data Protection Act, 2023 and its Rules:
 * consent by purpose, the person's rights (access, correction, erasure, grievance), and
 * the staff queue that answers them.
 */

/**
 * The privacy notice's version. A consent records the version the person saw; when the
 * notice changes in substance, raise this, and new consents name the new text.
 */
export const PRIVACY_NOTICE_VERSION = "2026-11";
/** the day the current notice took effect, shown on /privacy and /terms */
export const PRIVACY_NOTICE_DATE = "23 November 2026";

/**
 * What a consent is for. `privacy_notice`: the person was shown the notice when they gave
 * their details (sign-up). `marketing`: offers and news by e-mail or phone, separate and
 * never assumed.
 */
const CONSENT_PURPOSES = ["privacy_notice", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

const ConsentRecordSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(CONSENT_PURPOSES),
  noticeVersion: z.string(),
  given: z.boolean(),
  /** where it was given or withdrawn: registration or profile */
  source: z.string(),
  createdAt: isoDateTime,
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/** The profile's view: marketing on or off now, and every change, newest first. */
export const ConsentStateSchema = z.object({
  marketing: z.boolean(),
  history: z.array(ConsentRecordSchema),
});
export type ConsentState = z.infer<typeof ConsentStateSchema>;

/** Only marketing can be changed from the profile: the notice is shown, not agreed to. */
export const ConsentChangeSchema = z.object({
  purpose: z.literal("marketing", "Only marketing messages can be turned on or off here"),
  given: z.boolean("Please say whether you want marketing messages"),
});
/** Erasing one's account: the current password proves it is the owner at the keyboard. */
export const EraseAccountSchema = z.object({
  password: z.string().min(1, "Please enter your current password").max(256),
});
/** Why records are kept after an erasure request */
const KEPT_REASONS = ["active_cover", "open_claim", "tax_records"] as const;
export type KeptReason = (typeof KEPT_REASONS)[number];

export const KEPT_REASON_LABELS: Record<KeptReason, string> = {
  active_cover: "You hold active or pending cover: we need your details to honour it until it ends.",
  open_claim: "A support ticket (claim) is still open: we need your details to finish it.",
  tax_records:
    "Policy and payment records are kept for the period the tax laws require (eight years from the end of the financial year), without your contact details once the cover ends.",
};

export const EraseOutcomeSchema = z.object({
  /** `erased`: done now, signed out. `requested`: staff will act by `dueAt`. */
  outcome: z.enum(["erased", "requested"]),
  message: z.string(),
  kept: z.array(z.enum(KEPT_REASONS)),
  /** the request's deadline, when one was made */
  dueAt: isoDateTime.nullable(),
  requestId: z.number().int().nullable(),
});
export type EraseOutcome = z.infer<typeof EraseOutcomeSchema>;

/** A grievance about how personal data is handled: from anyone, signed in or not. */
export const GrievanceSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(120),
  email: emailSchema,
  message: z
    .string()
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be at most 5000 characters"),
});
export type Grievance = z.infer<typeof GrievanceSchema>;

export const GrievanceReceiptSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  dueAt: isoDateTime,
});

export const PRIVACY_REQUEST_KINDS = ["erasure", "grievance"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = ["open", "done"] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** A data-rights request or grievance as staff see it in the console. */
export const PrivacyRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  kept: z.array(z.enum(KEPT_REASONS)),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  dueAt: isoDateTime,
  createdAt: isoDateTime,
  closedAt: isoDateTime.nullable(),
  closedBy: z.string().nullable(),
  closeNote: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;

export const PrivacyRequestCloseSchema = z.object({
  note: z
    .string()
    .trim()
    .min(5, "Please say what was done, in at least 5 characters")
    .max(2000, "The note must be at most 2000 characters"),
});

/** A customer's message as the export carries it: never a staff-only note. */
const ExportMessageSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  /** "you" or "staff" */
  from: z.enum(["you", "staff"]),
  body: z.string(),
  createdAt: isoDateTime,
});

const ExportTicketSchema = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** A file the person can fetch: a ticket's attachment or a policy item's photo, with where to fetch it while signed in */
const ExportFileSchema = AttachmentSchema.omit({ messageId: true }).extend({
  /** the ticket it was sent with, or null for a policy item's photo */
  ticketId: z.number().int().nullable(),
  /** the policy item it shows, or null for a ticket's attachment */
  policyItemId: z.number().int().nullable(),
});

/** A tax invoice issued to the person, as it was issued (it stays theirs when the home is sold) */
const ExportInvoiceSchema = z.object({
  number: z.string(),
  issuedOn: isoDay,
  purchaseId: z.number().int().nullable(),
  customerName: z.string(),
  customerAddress: z.string(),
  customerGstin: z.string(),
  placeOfSupply: z.string(),
  description: z.string(),
  /** paise */
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
  /** its PDF while the person holds the policy; null once the home is sold (the data above is the invoice) */
  url: z.string().nullable(),
});

/** GET /api/user/export: everything held about the signed-in person. */
export const DataExportSchema = z.object({
  exportedAt: isoDateTime,
  noticeVersion: z.string(),
  profile: PublicUserSchema,
  policies: z.array(PolicyListItemSchema),
  tickets: z.array(ExportTicketSchema),
  messages: z.array(ExportMessageSchema),
  consents: z.array(ConsentRecordSchema),
  signIns: z.array(SecurityEventSchema.omit({ username: true })),
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(PRIVACY_REQUEST_KINDS),
      status: z.enum(PRIVACY_REQUEST_STATUSES),
      dueAt: isoDateTime,
      createdAt: isoDateTime,
    }),
  ),
  /** the policy items of each policy the person holds, with its photos' addresses */
  policyItems: z.array(PolicyItemSchema),
  /** every file of the person's tickets they can see and of their policy items: metadata and address */
  attachments: z.array(ExportFileSchema),
  ratings: z.array(
    z.object({
      ticketId: z.number().int(),
      /** 1 for the ticket's first resolution, 2 after a reopen... */
      resolution: z.number().int(),
      score: z.number().int(),
      comment: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  visits: z.array(
    z.object({
      id: z.number().int(),
      ticketId: z.number().int(),
      startsAt: isoDateTime,
      endsAt: isoDateTime,
      status: z.enum(VISIT_STATUSES),
      outcome: z.enum(VISIT_OUTCOMES).nullable(),
      createdAt: isoDateTime,
    }),
  ),
  invoices: z.array(ExportInvoiceSchema),
  renewals: z.array(RenewalSchema),
  /** the sales of a home the person took part in: as its seller or its buyer (the other party is not named) */
  transfers: z.array(
    z.object({
      id: z.number().int(),
      purchaseId: z.number().int(),
      role: z.enum(["seller", "buyer"]),
      status: z.enum(TRANSFER_STATUSES),
      createdAt: isoDateTime,
      acceptedAt: isoDateTime.nullable(),
      closedAt: isoDateTime.nullable(),
    }),
  ),
  /** the e-mails sent to the person, as kept: every link that acted for them reads "link removed" */
  emails: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string(),
      text: z.string(),
      sentAt: isoDateTime,
    }),
  ),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/**
 * The one deadline rule: a data-rights request or grievance is answered within 30 days of
 * its receipt (the period the DPDP Rules, 2025 set for grievances, used for every request).
 */
export const PRIVACY_RESPONSE_DAYS = 30;
export const privacyDeadline = (receivedAt: Date): Date =>
  new Date(receivedAt.getTime() + PRIVACY_RESPONSE_DAYS * 86_400_000);
