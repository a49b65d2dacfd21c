import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ROLES } from "../../shared/schemas/auth.ts";
import { ENQUIRY_STATUSES } from "../../shared/schemas/enquiry.ts";
import { ORDER_STATUSES } from "../../shared/schemas/order.ts";
import {
  OVER_QUOTA_POLICIES,
  PARTNER_MEMBER_ROLES,
  type StatementLine,
} from "../../shared/schemas/partner.ts";
import { POLICY_STATUSES } from "../../shared/schemas/policy.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "../../shared/schemas/ticket.ts";
import { TRANSFER_STATUSES } from "../../shared/schemas/transfer.ts";
import { VISIT_EVENT_KINDS, VISIT_OUTCOMES, VISIT_STATUSES } from "../../shared/schemas/visit.ts";

export const userRole = pgEnum("user_role", ROLES);
export const planType = pgEnum("plan_type", ["B2B", "B2C"]);
export const purchaseStatus = pgEnum("purchase_status", POLICY_STATUSES);
export const ticketStatus = pgEnum("ticket_status", TICKET_STATUSES);
export const ticketPriority = pgEnum("ticket_priority", TICKET_PRIORITIES);
export const inquiryStatus = pgEnum("inquiry_status", ENQUIRY_STATUSES);
export const transferStatus = pgEnum("transfer_status", TRANSFER_STATUSES);
export const visitStatus = pgEnum("visit_status", VISIT_STATUSES);
export const visitOutcome = pgEnum("visit_outcome", VISIT_OUTCOMES);
export const visitEventKind = pgEnum("visit_event_kind", VISIT_EVENT_KINDS);
export const partnerMemberRole = pgEnum("partner_member_role", PARTNER_MEMBER_ROLES);
export const overQuotaPolicy = pgEnum("over_quota_policy", OVER_QUOTA_POLICIES);

/** A moment in time, stored with its zone so that India time and UTC never get mixed up */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/** A calendar day, read and written as "YYYY-MM-DD" text, never turned into a Date at midnight */
const isoDate = (name: string) => date(name, { mode: "string" });

const createdAt = () => timestamptz("created_at").notNull().defaultNow();
const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/**
 * A column that must name a row of another table. `onDelete` says what deleting that row
 * does here: "cascade" deletes this row with it (a ticket's messages go with the ticket),
 * "restrict" refuses the deletion while this row still points at it (a plan that policies use).
 */
const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: "cascade" | "restrict") =>
  integer(name).notNull().references(target, { onDelete });

/**
 * The person who did something (created, decided, uploaded). It may be empty: when that
 * account is erased the record stays and only loses its author.
 */
const actorRef = (name: string) => integer(name).references(() => users.id, { onDelete: "set null" });

/**
 * A GST document's amounts in paise: the taxable value, its central, state and integrated
 * tax (CGST and SGST when the customer is in the supplier's state, IGST otherwise) and the
 * total they add up to.
 */
const gstAmounts = () => ({
  taxable: integer("taxable").notNull(),
  cgst: integer("cgst").notNull(),
  sgst: integer("sgst").notNull(),
  igst: integer("igst").notNull(),
  total: integer("total").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    pincode: text("pincode"),
    role: userRole("role").notNull().default("customer"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** when the person erased their account: the row stays, with its personal fields replaced */
    erasedAt: timestamptz("erased_at"),
    /**
     * goes up by one when every signed link already sent to the person must stop working
     * (erasure): visit and rating links are signed over it (modules/mail/email-links.ts)
     */
    linkEpoch: integer("link_epoch").notNull().default(0),
    /**
     * when staff switched the account off (technicians): it cannot sign in and is not
     * offered for assignment; the row and its history stay
     */
    deactivatedAt: timestamptz("deactivated_at"),
    /** the customer's own GST registration (15 characters, checked), printed on invoices issued after it is given */
    gstin: text("gstin"),
    /**
     * when the person followed a link we sent to `email`, proving the address is theirs;
     * null until then. The account works without it; only a handover or a transfer, which
     * attach a policy to whoever holds an address, wait for it.
     */
    emailVerifiedAt: timestamptz("email_verified_at"),
  },
  (t) => [
    // usernames and e-mails are unique regardless of case
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    // staff lists: customers by name or by age, a page at a time (the id breaks ties)
    index("users_name_id_idx").on(t.firstName, t.lastName, t.id),
    index("users_created_at_id_idx").on(t.createdAt, t.id),
    // customers by their last change (migration 0035): without it, 483 ms at 200,000
    index("users_updated_at_id_idx").on(t.updatedAt, t.id),
    index("users_city_idx").on(t.city),
    // staff search (substring, any case): trigram indexes answer `ilike '%text%'`
    index("users_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // a search with an @ is an address, typed from its start: a prefix of lower(email) is
    // one b-tree range, where the trigram index intersected the domain's trigrams shared
    // by every address (1-10 ms at 20,000 customers)
    index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    // phones are stored as typed ("98400 12345", "+91 44 4000 1234"): searched by their digits
    index("users_phone_digits_trgm_idx").using(
      "gin",
      sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g') gin_trgm_ops`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the token in the cookie, so a copy of the table opens no session */
    id: text("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    /** the absolute end: sign-in time plus the role's lifetime (plugins/session.ts) */
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    /**
     * the last request made with it, for the idle timeout; written at most once a minute per
     * session, and its updates do not wake the other processes' user caches (migration 0003)
     */
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** whole rupees; a B2B price of 0 means custom pricing */
    price: integer("price").notNull(),
    /** years of cover, B2C only */
    duration: integer("duration"),
    type: planType("type").notNull(),
    isPopular: boolean("is_popular").notNull().default(false),
    /**
     * Whether staff approve a transfer of a policy on this plan to a home's buyer after the
     * buyer accepts; without it the policy moves on acceptance. Essential is seeded without
     * (five years, smaller cover), Premium and Elite with.
     */
    transferNeedsApproval: boolean("transfer_needs_approval").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("plans_type_idx").on(t.type, t.sortOrder)],
);

export const planFeatures = pgTable(
  "plan_features",
  {
    id: serial("id").primaryKey(),
    planId: requiredRef("plan_id", () => plans.id, "cascade"),
    name: text("name").notNull(),
    included: boolean("included").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("plan_features_plan_id_idx").on(t.planId, t.sortOrder)],
);

export const coverages = pgTable("coverages", {
  id: serial("id").primaryKey(),
  icon: text("icon").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  rating: real("rating").notNull(),
  comment: text("comment").notNull(),
  name: text("name").notNull(),
  company: text("company"),
  location: text("location").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqs = pgTable("faqs", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    coverImage: text("cover_image").notNull(),
    author: text("author").notNull(),
    publishedAt: timestamptz("published_at").notNull(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_published_at_idx").on(t.publishedAt),
  ],
);

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    state: text("state").notNull(),
    tier: text("tier").notNull(),
    content: text("content").notNull().default(""),
  },
  (t) => [uniqueIndex("cities_slug_idx").on(t.slug)],
);

export const localities = pgTable(
  "localities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    pincode: text("pincode").notNull(),
    cityId: requiredRef("city_id", () => cities.id, "cascade"),
    content: text("content").notNull().default(""),
  },
  (t) => [
    uniqueIndex("localities_slug_idx").on(t.slug),
    index("localities_city_id_idx").on(t.cityId, t.name),
  ],
);

/**
 * A B2B partner: a design studio, furniture maker or contractor on one of the B2B plans,
 * whose users register the homes they hand over. The monthly quota is copied from the plan
 * when the partner is made (Standard 10, Professional 15, Enterprise unlimited: null), so a
 * later edit of the plan's text does not change a contract under way.
 */
export const partners = pgTable(
  "partners",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** the partner's GST registration (15 characters, checked), for its statements */
    gstin: text("gstin"),
    address: text("address").notNull(),
    /** the logo file in the attachment storage, with its media type; none until one is uploaded */
    logoStorageKey: text("logo_storage_key"),
    logoType: text("logo_type"),
    /** "#RRGGBB" */
    brandColour: text("brand_colour").notNull(),
    planId: requiredRef("plan_id", () => plans.id, "restrict"),
    /** registrations a calendar month (India time); null is unlimited */
    monthlyQuota: integer("monthly_quota"),
    contractStart: isoDate("contract_start").notNull(),
    /** what happens to a registration past the quota: refused, or accepted and flagged for billing */
    overQuota: overQuotaPolicy("over_quota").notNull().default("refuse"),
    /** whether a handover's policy starts active, or pending until staff activate it */
    handoverStatus: purchaseStatus("handover_status").notNull().default("active"),
    /** Enterprise: the price agreed for each registration, in paise */
    agreedPricePaise: integer("agreed_price_paise"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("partners_name_id_idx").on(t.name, t.id),
    check("partners_handover_status_check", sql`${t.handoverStatus} in ('active', 'pending')`),
    check("partners_monthly_quota_check", sql`${t.monthlyQuota} is null or ${t.monthlyQuota} > 0`),
  ],
);

/**
 * A user of a partner: one partner per user. A removed member keeps the row (their
 * registrations still name them) and loses access at once: the access check reads
 * `removed_at` on every request.
 */
export const partnerMembers = pgTable(
  "partner_members",
  {
    id: serial("id").primaryKey(),
    partnerId: requiredRef("partner_id", () => partners.id, "restrict"),
    userId: requiredRef("user_id", () => users.id, "restrict"),
    role: partnerMemberRole("role").notNull(),
    invitedById: actorRef("invited_by_id"),
    removedAt: timestamptz("removed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partner_members_user_id_idx").on(t.userId),
    index("partner_members_partner_id_idx").on(t.partnerId, t.id),
  ],
);

/**
 * A partner's CSV of handovers, checked and kept until the partner commits it. `rows` holds
 * the parsed, validated handovers (the registration form's fields), `errors` the report of
 * every bad row; a file with errors cannot be committed. Committing creates every policy in
 * one transaction, so an import is all its rows or none.
 */
export const partnerImports = pgTable(
  "partner_imports",
  {
    id: serial("id").primaryKey(),
    partnerId: requiredRef("partner_id", () => partners.id, "restrict"),
    createdById: actorRef("created_by_id"),
    fileName: text("file_name").notNull().default(""),
    rowCount: integer("row_count").notNull(),
    errorCount: integer("error_count").notNull(),
    rows: jsonb("rows").notNull(),
    errors: jsonb("errors").notNull(),
    committedAt: timestamptz("committed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("partner_imports_partner_id_idx").on(t.partnerId, t.id)],
);

export const purchases = pgTable(
  "purchases",
  {
    id: serial("id").primaryKey(),
    /**
     * the holder; null only while a home a partner registered for an existing account waits
     * for its homeowner to accept it (`homeownerEmail` names who may)
     */
    userId: integer("user_id").references(() => users.id, { onDelete: "restrict" }),
    planId: requiredRef("plan_id", () => plans.id, "restrict"),
    policyNumber: text("policy_number").notNull(),
    propertyAddress: text("property_address").notNull(),
    propertyCity: text("property_city").notNull(),
    propertyState: text("property_state").notNull(),
    propertyPincode: text("property_pincode"),
    startDate: isoDate("start_date").notNull(),
    endDate: isoDate("end_date").notNull(),
    /** paise */
    totalAmount: integer("total_amount").notNull(),
    status: purchaseStatus("status").notNull().default("pending"),
    cancelReason: text("cancel_reason"),
    /**
     * The code printed on the certificate and in its QR code, for the public verification
     * page: 244 random bits (two random UUIDs) as URL-safe base64, 43 characters, so
     * nobody can guess one. Made by the database, for every row however it is inserted.
     */
    /**
     * The policy this one renews: a renewal is a new policy (own number, dates, certificate,
     * verification code and invoice) so the old period's certificate and invoice stay true.
     */
    renewedFrom: integer("renewed_from").references((): AnyPgColumn => purchases.id, {
      onDelete: "restrict",
    }),
    /** the partner that registered this home at its handover; null for a policy bought directly */
    partnerId: integer("partner_id").references((): AnyPgColumn => partners.id, { onDelete: "restrict" }),
    /** the installer or fitting team the partner named, to trace a failure back to who fitted it */
    installer: text("installer"),
    /**
     * the homeowner as the partner typed them at the handover: what the partner is shown,
     * so that a partner never reads an account's own details or learns whether one exists
     */
    homeownerName: text("homeowner_name"),
    homeownerEmail: text("homeowner_email"),
    /** the partner's user who registered it */
    registeredById: actorRef("registered_by"),
    /** registered past the partner's monthly quota under a contract that bills the extra ones */
    overQuota: boolean("over_quota").notNull().default(false),
    /** the partner's CSV import that created it; null when registered one at a time */
    importId: integer("import_id").references((): AnyPgColumn => partnerImports.id, { onDelete: "restrict" }),
    verifyCode: text("verify_code")
      .notNull()
      .default(
        sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("purchases_policy_number_idx").on(t.policyNumber),
    uniqueIndex("purchases_verify_code_idx").on(t.verifyCode),
    // a policy is renewed once: its successor is the one row that names it
    uniqueIndex("purchases_renewed_from_idx").on(t.renewedFrom),
    index("purchases_user_id_idx").on(t.userId),
    index("purchases_plan_id_idx").on(t.planId),
    index("purchases_status_id_idx").on(t.status, t.id),
    index("purchases_created_at_id_idx").on(t.createdAt, t.id),
    index("purchases_updated_at_id_idx").on(t.updatedAt, t.id),
    index("purchases_property_city_idx").on(t.propertyCity),
    index("purchases_policy_number_trgm_idx").using("gin", sql`${t.policyNumber} gin_trgm_ops`),
    // a partner's list and its month's count
    index("purchases_partner_created_at_id_idx")
      .on(t.partnerId, t.createdAt, t.id)
      .where(sql`${t.partnerId} is not null`),
    // a homeowner's waiting handovers, found by their proved address
    index("purchases_awaiting_homeowner_idx").on(t.homeownerEmail).where(sql`${t.userId} is null`),
  ],
);

/**
 * The policy items: the covered things fitted in the home (a kitchen, a wardrobe, its
 * hinges), each with its room, brand and install date, recorded by the holder or staff.
 * Kept by policy, not by person, so the items move with the policy when it is transferred.
 * `item_type` is a key of COVERED_ITEMS (shared/schemas/policy-items.ts).
 */
export const policyItems = pgTable(
  "policy_items",
  {
    id: serial("id").primaryKey(),
    purchaseId: requiredRef("purchase_id", () => purchases.id, "cascade"),
    room: text("room").notNull(),
    itemType: text("item_type").notNull(),
    brand: text("brand"),
    installedOn: isoDate("installed_on"),
    createdById: actorRef("created_by_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("policy_items_purchase_id_idx").on(t.purchaseId, t.id)],
);

/**
 * Handover photos of a recorded item, stored like ticket attachments (same storage, same
 * re-encoding and thumbnails; see modules/attachments), in a table of their own because
 * they belong to the home, not to a ticket.
 */
export const policyItemPhotos = pgTable(
  "policy_item_photos",
  {
    id: serial("id").primaryKey(),
    policyItemId: requiredRef("policy_item_id", () => policyItems.id, "cascade"),
    uploaderId: actorRef("uploader_id"),
    name: text("name").notNull(),
    type: text("type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("policy_item_photos_item_id_idx").on(t.policyItemId, t.id),
    // the upload quota adds up what one person uploaded
    index("policy_item_photos_uploader_id_idx").on(t.uploaderId),
  ],
);

export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, "restrict"),
    purchaseId: requiredRef("purchase_id", () => purchases.id, "restrict"),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    priority: ticketPriority("priority").notNull().default("medium"),
    status: ticketStatus("status").notNull().default("open"),
    assigneeId: actorRef("assignee_id"),
    /**
     * What failed, as a stable key for reports: a key of COVERED_ITEMS
     * (shared/schemas/policy-items.ts) or "other" (the customer was not sure); null on tickets
     * raised before the form asked
     */
    coveredItem: text("covered_item"),
    /** the policy item the claim is about, when one was chosen */
    policyItemId: integer("policy_item_id").references(() => policyItems.id, { onDelete: "set null" }),
    /**
     * whether the policy's plan includes `covered_item`, worked out by the server when the
     * ticket is raised (false: staff see it flagged 'Not in plan'); null when none was named
     */
    coveredByPlan: boolean("covered_by_plan"),
    /**
     * Service levels (modules/sla): the first reply the customer saw from staff, and the
     * last time the ticket was resolved (cleared when it is reopened); the metrics page
     * measures both from created_at
     */
    firstRespondedAt: timestamptz("first_responded_at"),
    resolvedAt: timestamptz("resolved_at"),
    /** since when the ticket waits on the customer: the service-level clock is paused meanwhile */
    waitingSince: timestamptz("waiting_since"),
    /** business minutes the clock stood still in earlier waits on the customer */
    slaPausedMinutes: integer("sla_paused_minutes").notNull().default(0),
    /** the targets, in business minutes, the ticket runs under (sla_targets, by plan and priority) */
    slaResponseMinutes: integer("sla_response_minutes"),
    slaResolutionMinutes: integer("sla_resolution_minutes"),
    /** when the current target falls due and when 75% of it is used; null while no clock runs */
    slaDueAt: timestamptz("sla_due_at"),
    slaWarnAt: timestamptz("sla_warn_at"),
    /** when the assignee was warned that the current target is at risk (once per target) */
    slaWarnedAt: timestamptz("sla_warned_at"),
    /** when each target was missed (its due time), kept after the ticket moves on */
    responseBreachedAt: timestamptz("response_breached_at"),
    resolutionBreachedAt: timestamptz("resolution_breached_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tickets_user_id_idx").on(t.userId, t.createdAt),
    // the console's "due soonest" order, and the scan for missed targets
    index("tickets_sla_due_idx").on(t.slaDueAt, t.id).where(sql`${t.slaDueAt} is not null`),
    // the scan for tickets at 75% of their target that nobody was warned about yet
    index("tickets_sla_warn_idx")
      .on(t.slaWarnAt)
      .where(sql`${t.slaWarnAt} is not null and ${t.slaWarnedAt} is null`),
    // the metrics page: first responses and resolutions in a period
    index("tickets_resolved_at_idx").on(t.resolvedAt),
    // tickets by covered item (metrics) and a removed policy item's tickets
    index("tickets_covered_item_idx").on(t.coveredItem),
    index("tickets_policy_item_id_idx").on(t.policyItemId),
    index("tickets_purchase_id_idx").on(t.purchaseId),
    index("tickets_assignee_id_idx").on(t.assigneeId),
    // keyset pages: every sort ends on the id, so a position in the list is one row
    index("tickets_status_id_idx").on(t.status, t.id),
    index("tickets_priority_id_idx").on(t.priority, t.id),
    // the total of a page filtered by status and priority, counted from the index alone
    // (with (status, id) it read every matching row's table page: 22 ms for 1,944 rows)
    index("tickets_status_priority_id_idx").on(t.status, t.priority, t.id),
    index("tickets_created_at_id_idx").on(t.createdAt, t.id),
    index("tickets_updated_at_id_idx").on(t.updatedAt, t.id),
    // the work queue (open and in progress) is a few percent of all tickets: its views
    // (unassigned, one person's, oldest first) and the /admin counts read this index alone
    index("tickets_active_assignee_idx")
      .on(t.assigneeId, t.createdAt, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    // the queue's default order (GET /api/admin/tickets with no sort): missed and soonest due
    // first, no clock last, in the same expression the list orders and pages by
    index("tickets_queue_due_idx")
      .on(sql`coalesce(${t.slaDueAt}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    // the same order for every status (a search, staff filtering by resolved or closed), and
    // for resolved and closed alone, which run no clock (migration 0035)
    index("tickets_due_order_idx").on(sql`coalesce(${t.slaDueAt}, 'infinity'::timestamptz)`, t.id),
    index("tickets_settled_due_order_idx")
      .on(sql`coalesce(${t.slaDueAt}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.status} in ('resolved', 'closed')`),
    // the queue's own created, updated and priority orders: a filtered page of it reads the
    // queue's rows only, not every older ticket (migration 0035)
    index("tickets_active_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index("tickets_active_updated_idx")
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index("tickets_active_priority_idx")
      .on(t.priority, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index("tickets_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
  ],
);

/**
 * The console's ticket counters: triggers on `tickets` (migration 0034) add a row per status
 * a statement changed, `n` tickets more (or fewer); the sum per status is the exact count.
 * The daily clean-up folds the rows together (modules/tickets/ticket-counts.ts).
 */
export const ticketCounts = pgTable("ticket_counts", {
  status: ticketStatus("status").notNull(),
  n: integer("n").notNull(),
});

export const ticketStatusHistory = pgTable(
  "ticket_status_history",
  {
    id: serial("id").primaryKey(),
    ticketId: requiredRef("ticket_id", () => tickets.id, "cascade"),
    fromStatus: ticketStatus("from_status"),
    toStatus: ticketStatus("to_status").notNull(),
    changedById: actorRef("changed_by_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_status_history_ticket_id_idx").on(t.ticketId, t.createdAt),
    index("ticket_status_history_changed_by_id_idx").on(t.changedById),
  ],
);

export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: serial("id").primaryKey(),
    ticketId: requiredRef("ticket_id", () => tickets.id, "cascade"),
    authorId: requiredRef("author_id", () => users.id, "restrict"),
    body: text("body").notNull(),
    /** staff-only note: never sent to the customer */
    internal: boolean("internal").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_messages_ticket_id_idx").on(t.ticketId, t.createdAt),
    index("ticket_messages_author_id_idx").on(t.authorId),
  ],
);

/**
 * A file on a ticket (a photo of the damage, an invoice PDF), on the ticket itself or on
 * one of its messages. The bytes live in storage (DATA_DIR/uploads or S3) under
 * `storage_key`; an image also has a small WebP thumbnail under `thumbnail_key`.
 */
export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: serial("id").primaryKey(),
    ticketId: requiredRef("ticket_id", () => tickets.id, "cascade"),
    messageId: integer("message_id").references(() => ticketMessages.id, { onDelete: "cascade" }),
    uploaderId: requiredRef("uploader_id", () => users.id, "restrict"),
    /** the name the file had on the sender's device, shown to people, never used as a path */
    name: text("name").notNull(),
    /** the media type read from the file's bytes */
    type: text("type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_attachments_ticket_id_idx").on(t.ticketId, t.id),
    index("ticket_attachments_message_id_idx").on(t.messageId),
    index("ticket_attachments_uploader_id_idx").on(t.uploaderId),
  ],
);

/**
 * A customer's rating (1 to 5, with an optional comment) of how a ticket was resolved.
 * `resolution` counts the ticket's resolutions (1 for the first time it is resolved, 2 after
 * a reopen and a second resolve...), so each resolution can be rated once: the unique index
 * is what refuses a second rating, even from two requests at once.
 */
export const ticketRatings = pgTable(
  "ticket_ratings",
  {
    id: serial("id").primaryKey(),
    ticketId: requiredRef("ticket_id", () => tickets.id, "cascade"),
    resolution: integer("resolution").notNull(),
    score: integer("score").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ticket_ratings_ticket_resolution_idx").on(t.ticketId, t.resolution),
    // the metrics page averages ratings over a period
    index("ticket_ratings_created_at_idx").on(t.createdAt),
    check("ticket_ratings_score_check", sql`${t.score} between 1 and 5`),
    check("ticket_ratings_resolution_check", sql`${t.resolution} >= 1`),
  ],
);

export const inquiries = pgTable(
  "inquiries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    interest: text("interest").notNull(),
    message: text("message").notNull(),
    /** the page the form was sent from, for follow-up */
    source: text("source"),
    status: inquiryStatus("status").notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** when the retention job overwrote the sender's details (modules/privacy/retention.ts) */
    anonymisedAt: timestamptz("anonymised_at"),
  },
  (t) => [
    // the retention job's daily question: which enquiries still hold details and are old
    index("inquiries_retention_idx").on(t.createdAt).where(sql`${t.anonymisedAt} is null`),
    index("inquiries_created_at_id_idx").on(t.createdAt, t.id),
    index("inquiries_updated_at_id_idx").on(t.updatedAt, t.id),
    index("inquiries_status_idx").on(t.status, t.createdAt),
    index("inquiries_status_id_idx").on(t.status, t.id),
    index("inquiries_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("inquiries_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("inquiries_phone_digits_trgm_idx").using(
      "gin",
      sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') gin_trgm_ops`,
    ),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: actorRef("actor_id"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_actor_id_idx").on(t.actorId),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_created_at_idx").on(t.createdAt),
  ],
);

/**
 * Sign-ins, sign-outs, refusals (401, 403, 429) and password changes, for staff to read in
 * the console. Never a password, token or cookie: `details` holds the route and, for a
 * failed sign-in, whether the account exists.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    userId: actorRef("user_id"),
    ip: text("ip"),
    requestId: text("request_id"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_events_created_at_id_idx").on(t.createdAt, t.id),
    index("security_events_user_id_idx").on(t.userId),
  ],
);

/**
 * Rate-limit counters shared by every app process on one PostgreSQL: one row per key
 * (a route and a client address, or an account), counting hits until `reset_at`.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamptz("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * Background work (e-mails first), committed in the same transaction as the change that
 * causes it, so a change is never saved without its job nor a job sent for a change that was
 * rolled back. Any process claims due rows with FOR UPDATE SKIP LOCKED and holds them for a
 * lease (`locked_until`); a job that keeps failing ends `dead` and is shown to staff.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** what to do: "email", or a scheduled task's name */
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** pending → running → done, or back to pending with a later run_at, or dead */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: timestamptz("run_at").notNull().defaultNow(),
    /** a running job whose lease ran out (its process died) is claimed again */
    lockedUntil: timestamptz("locked_until"),
    lastError: text("last_error"),
    /** one job per key: a reminder per policy and period, a scheduled task per day */
    uniqueKey: text("unique_key"),
    /** the ticket a notification is about, for the ticket's timeline */
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    uniqueIndex("jobs_unique_key_idx").on(t.uniqueKey),
    // the claim query reads only what is waiting or running
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`${t.status} in ('pending', 'running')`),
    index("jobs_created_at_id_idx").on(t.createdAt, t.id),
    index("jobs_status_id_idx").on(t.status, t.id),
    index("jobs_ticket_id_idx").on(t.ticketId),
  ],
);

/**
 * Every e-mail as it was sent (or, without SMTP_URL, kept here for the console's Outbox):
 * one row per e-mail job, written when the job completes.
 */
export const emails = pgTable(
  "emails",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** "smtp" when handed to the mail server, "outbox" when kept here only */
    transport: text("transport").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("emails_job_id_idx").on(t.jobId)],
);

/**
 * Password reset and set-password links: only the SHA-256 of the token is kept; each is
 * used once. The hash is null until the e-mail is sent, when the token is made
 * (modules/mail/email-links.ts).
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    tokenHash: text("token_hash"),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_idx").on(t.tokenHash),
    index("password_reset_tokens_user_id_idx").on(t.userId),
  ],
);

/**
 * Links that prove an e-mail address: sent at sign-up, on a request to resend, and to the
 * new address of a change of e-mail. Only the SHA-256 of the token is kept; each works once,
 * for a day. `email` is the address the link was sent to: following it proves that one
 * address (and, for a change, makes it the account's).
 */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    email: text("email").notNull(),
    // null until its e-mail is sent: the token is made then (mail/email-links.ts)
    tokenHash: text("token_hash"),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_confirmations_hash_idx").on(t.tokenHash),
    index("email_confirmations_user_id_idx").on(t.userId),
  ],
);

/**
 * Consents under India's DPDP Act, one row per change and never updated: the person's
 * current choice for a purpose is their newest row, and the history shows who agreed to
 * which version of the notice, when, and when they withdrew.
 */
export const consents = pgTable(
  "consents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    /** privacy_notice, marketing */
    purpose: text("purpose").notNull(),
    noticeVersion: text("notice_version").notNull(),
    given: boolean("given").notNull(),
    /** registration, profile */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("consents_user_purpose_id_idx").on(t.userId, t.purpose, t.id)],
);

/**
 * Data-rights requests (an erasure that has to wait for cover or a claim to end) and
 * privacy grievances, with the deadline staff answer them by.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: serial("id").primaryKey(),
    /** erasure, grievance */
    kind: text("kind").notNull(),
    userId: actorRef("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** why records are kept: active_cover, open_claim, tax_records */
    kept: jsonb("kept").$type<string[]>().notNull().default([]),
    /** open, done */
    status: text("status").notNull().default("open"),
    dueAt: timestamptz("due_at").notNull(),
    createdAt: createdAt(),
    closedAt: timestamptz("closed_at"),
    closedById: actorRef("closed_by_id"),
    closeNote: text("close_note"),
  },
  (t) => [
    index("privacy_requests_due_at_id_idx").on(t.dueAt, t.id),
    index("privacy_requests_created_at_id_idx").on(t.createdAt, t.id),
    index("privacy_requests_status_id_idx").on(t.status, t.id),
    index("privacy_requests_user_id_idx").on(t.userId),
  ],
);

/**
 * A user's second factor (TOTP, RFC 6238). The secret is encrypted with a key derived from
 * the session secret; `enabled_at` is null while an enrolment waits for its first code.
 * `last_step` is the 30-second step of the last code accepted: a code is never taken twice.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamptz("enabled_at"),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, kept as keyed hashes; `used_at` is set when one is spent. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

/** Site-wide settings staff change in the console (the staff two-factor rule), one row per key. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedById: actorRef("updated_by_id"),
  updatedAt: updatedAt(),
});

/**
 * Replies staff keep for questions that come up again and again, shared by all staff and
 * inserted into a ticket reply. Titles are unique regardless of case, so the picker never
 * shows two entries that look the same.
 */
export const cannedReplies = pgTable(
  "canned_replies",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdById: actorRef("created_by_id"),
    updatedById: actorRef("updated_by_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("canned_replies_title_idx").on(sql`lower(${t.title})`)],
);

/**
 * The last serial number given in each invoice series and financial year ("HIP", "26-27").
 * Taking a number raises the row inside the transaction that issues the invoice, so the row
 * stays locked until that transaction ends: two issues at once queue on it, and a rolled
 * back issue gives its number back, so numbers are never reused or skipped.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text("series").notNull(),
    financialYear: text("financial_year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * GST tax invoices, one for each policy issued. Every figure printed is stored as it was
 * worked out on the day (supplier, customer, place of supply, rate and amounts in paise), so
 * a later change of address, rate or GSTIN never changes an invoice already issued. Rows
 * are never updated: a correction would be a credit note of its own.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** the policy it charges for; null on a partner's monthly statement, which charges the partner */
    purchaseId: integer("purchase_id").references(() => purchases.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    issuedOn: isoDate("issued_on").notNull(),
    supplierName: text("supplier_name").notNull(),
    supplierAddress: text("supplier_address").notNull(),
    supplierGstin: text("supplier_gstin").notNull(),
    /**
     * The person the invoice was issued to: the policy's holder on the day. It stays theirs
     * when the home is sold, so the buyer never sees the seller's name, price or GSTIN. Null
     * on a partner's monthly statement, which charges the partner.
     */
    billedToId: integer("billed_to_id").references(() => users.id, { onDelete: "restrict" }),
    customerName: text("customer_name").notNull(),
    customerAddress: text("customer_address").notNull(),
    /** the customer's GSTIN on the day it was issued; "" when they had given none */
    customerGstin: text("customer_gstin").notNull().default(""),
    placeOfSupply: text("place_of_supply").notNull(),
    intraState: boolean("intra_state").notNull(),
    sac: text("sac").notNull(),
    description: text("description").notNull(),
    ratePercent: real("rate_percent").notNull(),
    ...gstAmounts(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    index("invoices_purchase_id_idx").on(t.purchaseId, t.id),
  ],
);

/**
 * A technician's visit for a ticket: the slot as it stands now. `sequence` is the calendar
 * invitation's SEQUENCE: it goes up each time the slot changes, so the customer's calendar
 * replaces the event rather than adding a second one (the event's UID comes from the id).
 */
export const ticketVisits = pgTable(
  "ticket_visits",
  {
    id: serial("id").primaryKey(),
    ticketId: requiredRef("ticket_id", () => tickets.id, "cascade"),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    status: visitStatus("status").notNull().default("proposed"),
    sequence: integer("sequence").notNull().default(0),
    proposedById: actorRef("proposed_by_id"),
    /**
     * who visits: the ticket's assignee when the slot was set. Two visits of one technician
     * never overlap: the exclusion constraint "ticket_visits_technician_no_overlap" (migration
     * 0028, btree_gist) refuses the second, which Drizzle cannot declare here.
     */
    technicianId: actorRef("technician_id"),
    outcome: visitOutcome("outcome"),
    /** the reply that carries the outcome's notes and photos (attachments hang off messages) */
    outcomeMessageId: integer("outcome_message_id").references(() => ticketMessages.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ticket_visits_ticket_id_idx").on(t.ticketId, t.id),
    index("ticket_visits_proposed_by_id_idx").on(t.proposedById),
    index("ticket_visits_technician_id_idx").on(t.technicianId, t.startsAt),
    index("ticket_visits_outcome_message_id_idx").on(t.outcomeMessageId),
    check("ticket_visits_slot_order", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Every step of every visit, for the ticket's timeline and the audit of who did what */
export const ticketVisitEvents = pgTable(
  "ticket_visit_events",
  {
    id: serial("id").primaryKey(),
    visitId: requiredRef("visit_id", () => ticketVisits.id, "cascade"),
    ticketId: requiredRef("ticket_id", () => tickets.id, "cascade"),
    kind: visitEventKind("kind").notNull(),
    /** the slot as it was at this step */
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    outcome: visitOutcome("outcome"),
    /** the customer's note when asking for another slot */
    note: text("note"),
    actorId: actorRef("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_visit_events_ticket_id_idx").on(t.ticketId, t.createdAt, t.id),
    index("ticket_visit_events_visit_id_idx").on(t.visitId),
    index("ticket_visit_events_actor_id_idx").on(t.actorId),
  ],
);

/**
 * A customer's request to renew a policy, from the request to its activation. A policy that
 * had already ended (lapsed) waits for an inspection visit first. On activation the new
 * period is a new policy row (`new_purchase_id`, whose `renewed_from` is the old one).
 * Status: inspection_required → awaiting_payment → activated, or inspection_failed.
 */
export const renewals = pgTable(
  "renewals",
  {
    id: serial("id").primaryKey(),
    purchaseId: requiredRef("purchase_id", () => purchases.id, "restrict"),
    planId: requiredRef("plan_id", () => plans.id, "restrict"),
    /** paise, GST included: the chosen plan's price on the day of the request */
    amount: integer("amount").notNull(),
    status: text("status").notNull(),
    lapsed: boolean("lapsed").notNull(),
    inspectionResult: text("inspection_result"),
    inspectionNote: text("inspection_note"),
    inspectedAt: timestamptz("inspected_at"),
    inspectedBy: actorRef("inspected_by"),
    paymentReference: text("payment_reference"),
    activatedAt: timestamptz("activated_at"),
    activatedBy: actorRef("activated_by"),
    newPurchaseId: integer("new_purchase_id").references(() => purchases.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one open renewal per policy, whatever two requests at once try
    uniqueIndex("renewals_open_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} in ('inspection_required', 'awaiting_payment')`),
    index("renewals_purchase_id_idx").on(t.purchaseId, t.id),
    index("renewals_status_id_idx").on(t.status, t.id),
    index("renewals_created_at_id_idx").on(t.createdAt, t.id),
    index("renewals_new_purchase_id_idx").on(t.newPurchaseId),
  ],
);

/**
 * Online orders: a homeowner buys a plan and pays by UPI. Each holds one pending policy and
 * the amount fixed when it was placed (paise, GST included); a UTR confirms at most one order.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    /** the policy bought; for a renewal's order, the policy being renewed */
    purchaseId: requiredRef("purchase_id", () => purchases.id, "restrict"),
    /** set when the order pays for a renewal rather than a new policy */
    renewalId: integer("renewal_id").references(() => renewals.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    /** the payment method (payment-methods.ts): "upi" */
    method: text("method").notNull().default("upi"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("awaiting_payment"),
    reportedUtr: text("reported_utr"),
    utr: text("utr"),
    paidAt: timestamptz("paid_at"),
    confirmedBy: actorRef("confirmed_by"),
    cancelReason: text("cancel_reason"),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_amount_check", sql`${t.amount} > 0`),
    check(
      "orders_status_check",
      sql`${t.status} in ('awaiting_payment', 'payment_reported', 'paid', 'cancelled', 'expired')`,
    ),
    uniqueIndex("orders_reference_idx").on(t.reference),
    // one purchase order per policy, one order per renewal
    uniqueIndex("orders_purchase_id_idx").on(t.purchaseId).where(sql`${t.renewalId} is null`),
    uniqueIndex("orders_renewal_id_idx").on(t.renewalId).where(sql`${t.renewalId} is not null`),
    index("orders_renewal_purchase_id_idx").on(t.purchaseId).where(sql`${t.renewalId} is not null`),
    uniqueIndex("orders_utr_idx").on(t.utr).where(sql`${t.utr} is not null`),
    index("orders_status_id_idx").on(t.status, t.id),
    index("orders_open_expires_at_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} in ('awaiting_payment', 'payment_reported')`),
  ],
);

/**
 * GST credit notes: a correction against an issued invoice (which itself never changes), for
 * all or part of its total, taxed like it. Numbered in their own series per financial year,
 * `CN/26-27/000001`. Like invoices, rows are never updated.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    invoiceId: requiredRef("invoice_id", () => invoices.id, "restrict"),
    purchaseId: requiredRef("purchase_id", () => purchases.id, "restrict"),
    number: text("number").notNull(),
    issuedOn: isoDate("issued_on").notNull(),
    reason: text("reason").notNull(),
    ratePercent: real("rate_percent").notNull(),
    intraState: boolean("intra_state").notNull(),
    ...gstAmounts(),
    createdBy: actorRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_notes_number_idx").on(t.number),
    index("credit_notes_invoice_id_idx").on(t.invoiceId),
    index("credit_notes_purchase_id_idx").on(t.purchaseId, t.id),
    check("credit_notes_total_adds_up", sql`${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.total}`),
    check("credit_notes_total_positive", sql`${t.total} > 0`),
  ],
);

/**
 * A policy's transfer to the buyer of its home. The holder names the buyer; the buyer's link
 * carries a 256-bit token of which only the SHA-256 is kept (as for password resets), works
 * once and for 14 days, and only for the account with the invited e-mail. One transfer at a
 * time per policy: the partial unique index refuses a second open one however requests race.
 */
export const policyTransfers = pgTable(
  "policy_transfers",
  {
    id: serial("id").primaryKey(),
    purchaseId: requiredRef("purchase_id", () => purchases.id, "restrict"),
    fromUserId: requiredRef("from_user_id", () => users.id, "restrict"),
    /** the buyer's account, once they accept */
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "restrict" }),
    buyerName: text("buyer_name").notNull(),
    /** lower case, compared with the accepting account's e-mail */
    buyerEmail: text("buyer_email").notNull(),
    buyerPhone: text("buyer_phone").notNull(),
    /** the acceptance link's SHA-256: null until the buyer's e-mail is sent (modules/mail/email-links.ts) */
    tokenHash: text("token_hash"),
    status: transferStatus("status").notNull().default("pending"),
    /** copied from the plan when started, so a later change of the plan's rule does not move a transfer under way */
    needsApproval: boolean("needs_approval").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    /** when it was completed, cancelled or declined */
    closedAt: timestamptz("closed_at"),
    /** the staff member who approved or declined it */
    decidedById: actorRef("decided_by_id"),
    /**
     * The proof of sale staff keep when they approve: a reference, a document (stored like a
     * ticket's attachment, under `proofStorageKey`), or both. Null on transfers that needed no
     * approval, and on those approved before staff were asked for it.
     */
    proofReference: text("proof_reference"),
    proofName: text("proof_name"),
    proofType: text("proof_type"),
    proofSize: integer("proof_size"),
    proofStorageKey: text("proof_storage_key"),
    proofThumbnailKey: text("proof_thumbnail_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("policy_transfers_token_hash_idx").on(t.tokenHash),
    uniqueIndex("policy_transfers_one_open_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index("policy_transfers_purchase_id_idx").on(t.purchaseId, t.id),
    index("policy_transfers_status_id_idx").on(t.status, t.id),
    index("policy_transfers_created_at_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * Service-level targets, in business minutes (Mon-Fri 9-18, Sat 9-16 India time, no
 * Sundays or holidays), by plan and priority: the first reply to the customer, and the
 * resolution (the visit that fixes it). Plans other than the three B2C ones run under
 * Essential's. Staff edit them in the console; a ticket keeps the targets it was raised
 * under until its priority changes.
 */
export const slaTargets = pgTable(
  "sla_targets",
  {
    planTier: text("plan_tier").notNull(),
    priority: ticketPriority("priority").notNull(),
    firstResponseMinutes: integer("first_response_minutes").notNull(),
    resolutionMinutes: integer("resolution_minutes").notNull(),
    updatedById: actorRef("updated_by_id"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.planTier, t.priority] }),
    check("sla_targets_plan_tier_check", sql`${t.planTier} in ('Essential', 'Premium', 'Elite')`),
    check(
      "sla_targets_minutes_check",
      sql`${t.firstResponseMinutes} > 0 and ${t.resolutionMinutes} >= ${t.firstResponseMinutes}`,
    ),
  ],
);

/** Days the business is closed besides Sundays (Tamil Nadu's public holidays): no service-level clock runs */
export const holidays = pgTable("holidays", {
  day: isoDate("day").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

/**
 * A partner's statement for one calendar month (India time): the month's registrations with
 * their fees, and its GST tax invoice. Issued once per partner and month and never changed
 * afterwards: the lines are kept as they were billed, not read again from the policies.
 */
export const partnerStatements = pgTable(
  "partner_statements",
  {
    id: serial("id").primaryKey(),
    partnerId: requiredRef("partner_id", () => partners.id, "restrict"),
    /** "YYYY-MM" */
    month: text("month").notNull(),
    planName: text("plan_name").notNull(),
    /** the plan's monthly fee in paise (0 on Enterprise, billed per registration) */
    monthlyFeePaise: integer("monthly_fee_paise").notNull(),
    /** the fee of a registration that is billed on its own (past the quota, or Enterprise), paise */
    registrationFeePaise: integer("registration_fee_paise").notNull(),
    registrations: integer("registrations").notNull(),
    overQuota: integer("over_quota").notNull(),
    lines: jsonb("lines").$type<StatementLine[]>().notNull(),
    invoiceId: requiredRef("invoice_id", () => invoices.id, "restrict"),
    issuedOn: isoDate("issued_on").notNull(),
    dueOn: isoDate("due_on").notNull(),
    createdBy: actorRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partner_statements_partner_month_idx").on(t.partnerId, t.month),
    index("partner_statements_partner_id_idx").on(t.partnerId, t.id),
    uniqueIndex("partner_statements_invoice_id_idx").on(t.invoiceId),
  ],
);

/**
 * The metrics page's standard periods (the last 7, 30 and 90 days), counted every ten minutes
 * by a scheduled job (modules/sla/metrics-snapshots.ts) and shown as counted then.
 */
export const metricsSnapshots = pgTable(
  "metrics_snapshots",
  {
    fromDay: isoDate("from_day").notNull(),
    toDay: isoDate("to_day").notNull(),
    figures: jsonb("figures").notNull(),
    computedAt: timestamptz("computed_at").notNull(),
  },
  (t) => [primaryKey({ name: "metrics_snapshots_pkey", columns: [t.fromDay, t.toDay] })],
);
