import { z } from "zod";
import { todayInIndia } from "../dates.ts";
import { optionalGstin } from "../gstin.ts";
import { pincodeSchema } from "./auth.ts";
import { idSchema, isoDateTime, isoDay } from "./ids.ts";
import { POLICY_STATUSES } from "./policy.ts";
import { PolicyItemInputSchema } from "./policy-items.ts";
import { SLA_STATES } from "./sla.ts";
import { optionalText } from "./text.ts";
import { TICKET_STATUSES } from "./ticket.ts";

/** An owner manages the partner's users; a member registers handovers. */
export const PARTNER_MEMBER_ROLES = ["owner", "member"] as const;
export type PartnerMemberRole = (typeof PARTNER_MEMBER_ROLES)[number];

/** A registration past the month's quota: refused, or accepted and flagged for billing. */
export const OVER_QUOTA_POLICIES = ["refuse", "bill"] as const;
/**
 * Registrations a calendar month by B2B plan (the plan's own words: 'Register up to 10
 * projects a month', 15 on Professional, unlimited on Enterprise). A B2B plan not named
 * here has no quota of its own and cannot be given to a partner.
 */
export const PLAN_QUOTAS: Record<string, number | null> = {
  "Standard Plan": 10,
  "Professional Plan": 15,
  "Enterprise Plan": null,
};
export const ENTERPRISE_PLAN = "Enterprise Plan";

export const OVER_QUOTA_MESSAGE = (quota: number) =>
  `Your organisation has registered its ${quota} projects for this month, the limit of its plan. Please contact us to raise the limit, or register this home next month.`;

const text = (min: number, max: number, message: string) =>
  z.string(message).trim().min(min, message).max(max, `Must be at most ${max} characters`);

const phone = z
  .string("Please enter a valid phone number")
  .trim()
  .min(10, "Please enter a valid phone number")
  .max(20, "Please enter a valid phone number")
  .regex(/^[0-9+\-() ]+$/, "Please enter a valid phone number");

const email = z
  .string("Please enter a valid email address")
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address")
  .max(254);

/**
 * One answer for every address a home cannot be registered to: a malformed one, and one of a
 * staff or partner account. A partner is never told which, so the form cannot be used to
 * learn who has an account with us.
 */
export const UNUSABLE_HOMEOWNER_EMAIL =
  "Please enter the homeowner's own e-mail address: this one cannot be used for a home.";
const homeownerEmail = z
  .string(UNUSABLE_HOMEOWNER_EMAIL)
  .trim()
  .toLowerCase()
  .email(UNUSABLE_HOMEOWNER_EMAIL)
  .max(254, UNUSABLE_HOMEOWNER_EMAIL);

const day = isoDay.refine((d) => d >= "2000-01-01" && d <= "2099-12-31", "Please enter a valid date");

/** Staff create a partner; the quota comes from the plan, never from the form. */
export const PartnerCreateSchema = z.object({
  name: text(2, 120, "Please enter the partner's name"),
  gstin: optionalGstin,
  address: text(5, 300, "Please enter the partner's address"),
  brandColour: z
    .string("Please enter the brand colour as #RRGGBB")
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Please enter the brand colour as #RRGGBB")
    .transform((v) => v.toLowerCase()),
  planId: idSchema("Please choose a B2B plan"),
  contractStart: day,
  overQuota: z.enum(OVER_QUOTA_POLICIES).default("refuse"),
  /** whether a handover's policy starts active or waits for staff */
  handoverStatus: z.enum(["active", "pending"]).default("active"),
  /** Enterprise only: the agreed price of one registration, in paise */
  agreedPricePaise: z.number().int().min(1).max(100_000_000).optional(),
});
export type PartnerCreate = z.infer<typeof PartnerCreateSchema>;

const PartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gstin: z.string().nullable(),
  address: z.string(),
  brandColour: z.string(),
  hasLogo: z.boolean(),
  /** the logo's public address (it changes with each upload), or null */
  logoUrl: z.string().nullable(),
  planId: z.number().int(),
  planName: z.string(),
  /** null: unlimited */
  monthlyQuota: z.number().int().nullable(),
  contractStart: isoDay,
  overQuota: z.enum(OVER_QUOTA_POLICIES),
  handoverStatus: z.enum(["active", "pending"]),
  agreedPricePaise: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type Partner = z.infer<typeof PartnerSchema>;

/** This calendar month's registrations (India time) against the quota */
const PartnerMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  registrations: z.number().int(),
  /** null: unlimited */
  quota: z.number().int().nullable(),
  /** registrations accepted past the quota, flagged for billing */
  overQuota: z.number().int(),
});

/** What a partner user sees of their organisation */
export const PartnerOverviewSchema = z.object({
  partner: PartnerSchema,
  month: PartnerMonthSchema,
  /** the caller's role in it */
  role: z.enum(PARTNER_MEMBER_ROLES),
});
export type PartnerOverview = z.infer<typeof PartnerOverviewSchema>;

/** Staff's list and detail: the partner and its active members' count */
export const AdminPartnerSchema = PartnerSchema.extend({
  memberCount: z.number().int(),
  month: PartnerMonthSchema,
});
export type AdminPartner = z.infer<typeof AdminPartnerSchema>;

/** An invitation of a person to a partner, by e-mail: an existing account or a new one */
export const PartnerInviteSchema = z.object({
  email,
  firstName: text(1, 80, "Please enter the first name"),
  lastName: text(1, 80, "Please enter the last name"),
  role: z.enum(PARTNER_MEMBER_ROLES, "Please choose owner or member"),
});
export type PartnerInvite = z.infer<typeof PartnerInviteSchema>;

export const PartnerMemberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(PARTNER_MEMBER_ROLES),
  removedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type PartnerMember = z.infer<typeof PartnerMemberSchema>;

export const MemberParams = z.object({ memberId: idSchema() });

export const INSTALL_DATE_IN_FUTURE = "The install date cannot be in the future";

/**
 * A partner registers one finished project: the homeowner, the home, the plan, the install date.
 * Every rule that needs no database is here, on its own field, so that a handover wrong in
 * several ways is told all of them at once (the form and the API alike); the rules that need
 * the plan or the accounts are checked by the server beside these.
 */
export const HandoverSchema = z.object({
  homeownerName: text(2, 100, "Please enter the homeowner's full name"),
  homeownerEmail,
  homeownerPhone: phone,
  propertyAddress: text(5, 300, "Property address must be at least 5 characters"),
  propertyCity: text(2, 80, "Please enter the city"),
  propertyState: z.string().trim().max(80).optional(),
  propertyPincode: pincodeSchema,
  planId: idSchema("Please choose a plan"),
  // India's today, read at each check: a form left open past midnight accepts the new day
  installDate: day.refine((d) => d <= todayInIndia(), INSTALL_DATE_IN_FUTURE),
  coveredItems: z.array(PolicyItemInputSchema).max(50, "At most 50 items per handover").optional(),
  /** the installer or fitting team, for tracing failures back to who fitted them */
  installer: optionalText(120, null),
});
export type Handover = z.infer<typeof HandoverSchema>;

/** One of the partner's policies (its registrations) */
export const PartnerPolicySchema = z.object({
  id: z.number().int(),
  policyNumber: z.string(),
  status: z.enum(POLICY_STATUSES),
  planId: z.number().int(),
  planName: z.string(),
  /** the homeowner as the partner typed them: never an account's own details */
  homeowner: z.object({ name: z.string(), email: z.string() }),
  /** the day the home was sold (its policy moved to the buyer), India time; null while it was not */
  soldOn: isoDay.nullable(),
  propertyAddress: z.string(),
  propertyCity: z.string(),
  propertyPincode: z.string().nullable(),
  startDate: isoDay,
  endDate: isoDay,
  installer: z.string().nullable(),
  /** accepted past the month's quota, flagged for billing */
  overQuota: z.boolean(),
  registeredBy: z.string().nullable(),
  createdAt: isoDateTime,
});
export type PartnerPolicy = z.infer<typeof PartnerPolicySchema>;

/**
 * A home a partner registered for the signed-in homeowner's address, waiting for them to
 * accept it into their account (their address has an account of its own, so the partner's
 * word alone does not put a policy in it). Listed only once the address is proved.
 */
export const HandoverInvitationSchema = z.object({
  id: z.number().int(),
  partnerName: z.string(),
  policyNumber: z.string(),
  planName: z.string(),
  propertyAddress: z.string(),
  propertyCity: z.string(),
  startDate: isoDay,
  endDate: isoDay,
  createdAt: isoDateTime,
});
export type HandoverInvitation = z.infer<typeof HandoverInvitationSchema>;

/** "Nest & Grain Interiors registered your home; accept?" */
export const handoverInvitationQuestion = (partnerName: string) =>
  `${partnerName} registered your home; accept?`;

/** A claim (ticket) on one of the partner's homes, as the partner's dashboard lists it */
export const PartnerClaimSchema = z.object({
  /** the ticket number, shown as #123 */
  id: z.number().int(),
  policyId: z.number().int(),
  policyNumber: z.string(),
  /** the homeowner's first name only: the partner needs no more to recognise the home */
  homeownerFirstName: z.string(),
  /** a key of COVERED_ITEMS, "other", or null when the homeowner did not say */
  coveredItem: z.string().nullable(),
  /** the policy item the claim names: its room and brand */
  item: z.object({ room: z.string(), brand: z.string().nullable() }).nullable(),
  status: z.enum(TICKET_STATUSES),
  /** null: the claim runs under no service-level target */
  sla: z.enum(SLA_STATES).nullable(),
  /** the homeowner's latest rating of its resolution, 1 to 5 */
  rating: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type PartnerClaim = z.infer<typeof PartnerClaimSchema>;

/** One group of the root-cause scorecard: its claims, and the partner's homes it applies to */
const ScoreGroupSchema = z.object({
  /** the covered item's key, the installer's or brand's name; null: not recorded */
  key: z.string().nullable(),
  claims: z.number().int(),
  /** the partner's homes with this item, installer or brand (for a month: under cover in it) */
  homes: z.number().int(),
});
export type ScoreGroup = z.infer<typeof ScoreGroupSchema>;

/** groups of the scorecard shown at most, the most claims first */
export const SCORECARD_GROUPS = 20;
export const SCORECARD_MONTHS = 12;

/**
 * The root-cause scorecard: the claims raised on the partner's homes in the last 12 months
 * (India time, this month included), by covered item, by installer or fitting team, by the
 * brand or material of the claimed item, and by month.
 */
export const PartnerScorecardSchema = z.object({
  /** the first day counted, YYYY-MM-01 */
  from: isoDay,
  claims: z.number().int(),
  homes: z.number().int(),
  byCoveredItem: z.array(ScoreGroupSchema),
  byInstaller: z.array(ScoreGroupSchema),
  /** "Brand / material": the brand recorded on the claimed policy item */
  byBrand: z.array(ScoreGroupSchema),
  /** oldest month first, YYYY-MM keys, every month present */
  byMonth: z.array(ScoreGroupSchema.extend({ key: z.string() })),
});
export type PartnerScorecard = z.infer<typeof PartnerScorecardSchema>;
/** Logos: PNG, JPEG or WebP up to 2 MB; stored as a PNG of at most 600 pixels a side. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** days from a statement's issue to the day its invoice is due: the B2B plans' 30-day payment terms */
export const STATEMENT_PAYMENT_DAYS = 30;

const monthSchema = z
  .string("Please choose a month")
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, "Please choose a month as YYYY-MM");

/** Staff issue the statement of one past calendar month */
export const StatementIssueSchema = z.object({ month: monthSchema });
export type StatementIssue = z.infer<typeof StatementIssueSchema>;

const StatementLineSchema = z.object({
  purchaseId: z.number().int(),
  policyNumber: z.string(),
  homeowner: z.string(),
  planName: z.string(),
  registeredOn: isoDay,
  overQuota: z.boolean(),
  /** paise; 0 when the plan's monthly fee covers it */
  feePaise: z.number().int(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** A statement in a list: its month, figures and invoice; `url` is its PDF */
export const StatementSummarySchema = z.object({
  id: z.number().int(),
  partnerId: z.number().int(),
  month: z.string(),
  planName: z.string(),
  registrations: z.number().int(),
  overQuota: z.number().int(),
  monthlyFeePaise: z.number().int(),
  registrationFeePaise: z.number().int(),
  invoiceNumber: z.string(),
  /** paise: taxable value, tax and the total (tax included) */
  taxable: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  issuedOn: isoDay,
  dueOn: isoDay,
  url: z.string(),
  createdAt: isoDateTime,
});
export type StatementSummary = z.infer<typeof StatementSummarySchema>;

/** One statement with its registrations, as issued */
export const StatementSchema = StatementSummarySchema.extend({
  lines: z.array(StatementLineSchema),
  intraState: z.boolean(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  placeOfSupply: z.string(),
});
export type Statement = z.infer<typeof StatementSchema>;

/**
 * The month so far, as its statement would read if it were issued now: the same
 * registrations and fees, but no invoice yet (a month is billed once it has ended).
 */
export const RunningStatementSchema = z.object({
  partnerId: z.number().int(),
  month: z.string(),
  /** the India day the figures are taken on */
  asOf: isoDay,
  planName: z.string(),
  registrations: z.number().int(),
  overQuota: z.number().int(),
  monthlyFeePaise: z.number().int(),
  registrationFeePaise: z.number().int(),
  /** paise, tax included: the monthly fee and the registrations' own fees so far */
  total: z.number().int(),
  /** the newest registrations (at most 100), in the order they were made */
  lines: z.array(StatementLineSchema),
  /** the month's earlier registrations that `lines` leaves out; the issued statement lists every one */
  notListed: z.number().int(),
});
export type RunningStatement = z.infer<typeof RunningStatementSchema>;

/** `/:id/statements/:statementId` */
export const PartnerStatementParams = z.object({ id: idSchema(), statementId: idSchema() });
export const StatementParams = z.object({ statementId: idSchema() });
