import { z } from "zod";
import { IdParams } from "../schemas/ids.ts";
import {
  AdminPartnerSchema,
  HandoverInvitationSchema,
  HandoverSchema,
  MemberParams,
  PartnerClaimSchema,
  PartnerCreateSchema,
  PartnerInviteSchema,
  PartnerMemberSchema,
  PartnerOverviewSchema,
  PartnerPolicySchema,
  PartnerScorecardSchema,
  PartnerStatementParams,
  RunningStatementSchema,
  StatementIssueSchema,
  StatementParams,
  StatementSchema,
  StatementSummarySchema,
} from "../schemas/partner.ts";
import { PartnerImportSchema, PartnerImportSummarySchema } from "../schemas/partner-import.ts";
import { TICKET_STATUSES } from "../schemas/ticket.ts";
import { defineEndpoints } from "./define.ts";
import { listOf, pagedList, pagedQuery } from "./filters.ts";

export const PARTNER_SORTS = ["created", "name"] as const;
export const PARTNER_POLICY_SORTS = ["created"] as const;
export const PARTNER_IMPORT_SORTS = ["created"] as const;
export const STATEMENT_SORTS = ["month"] as const;

/** Staff's list of partners: newest first, or by name; search by name */
const PartnerListQuerySchema = pagedQuery(PARTNER_SORTS, {});
/** A partner's own policies: newest registration first; search by policy number or homeowner */
const PartnerPolicyListQuerySchema = pagedQuery(PARTNER_POLICY_SORTS, {});
/** A partner's CSV imports, newest first */
const PartnerImportListQuerySchema = pagedQuery(PARTNER_IMPORT_SORTS, {});
export const PARTNER_CLAIM_SORTS = ["created"] as const;
/** Claims on the partner's homes: newest first; by status; search by ticket or policy number */
const PartnerClaimListQuerySchema = pagedQuery(PARTNER_CLAIM_SORTS, {
  status: listOf(TICKET_STATUSES),
});
/** A partner's monthly statements: latest month first; search by month ("2026-11") */
const StatementListQuerySchema = pagedQuery(STATEMENT_SORTS, {});

/**
 * The B2B partner programme. Staff create partners and invite their users; a partner's
 * users (`partner` access: an active member of a partner) register handovers and read their
 * organisation's policies, and its owners manage its users. Another partner's records are
 * a 404, as if they did not exist.
 */
export const partnerEndpoints = defineEndpoints({
  /**
   * the homes partners registered for the signed-in person's proved address that wait for
   * them to accept; none while the address is not proved
   */
  "GET /api/handovers": { access: "user", response: z.array(HandoverInvitationSchema) },
  /** the home's policy moves into the account; 404 for one not waiting for this proved address */
  "POST /api/handovers/:id/accept": {
    access: "user",
    params: IdParams,
    response: HandoverInvitationSchema,
  },
  "GET /api/admin/partners": pagedList("office", PartnerListQuerySchema, AdminPartnerSchema),
  "POST /api/admin/partners": {
    access: "office",
    body: PartnerCreateSchema,
    response: AdminPartnerSchema,
    status: 201,
  },
  "GET /api/admin/partners/:id": { access: "office", params: IdParams, response: AdminPartnerSchema },
  /**
   * multipart/form-data with one `file` part: the partner's logo (PNG, JPEG or WebP, at most
   * 2 MB), stored as a PNG of at most 600 pixels a side; replaces the one before
   */
  "PUT /api/admin/partners/:id/logo": {
    access: "office",
    params: IdParams,
    response: AdminPartnerSchema,
    multipart: true,
  },
  /**
   * The partner's logo as a PNG, for its certificates, its homeowners' e-mails and the
   * verification page: public, and cached for a day (the address names the logo's version)
   */
  "GET /api/partners/:id/logo": {
    access: "public",
    params: IdParams,
    response: z.unknown(),
    download: "file",
  },
  "GET /api/admin/partners/:id/members": {
    access: "office",
    params: IdParams,
    response: z.array(PartnerMemberSchema),
  },
  /** an account is made for a new address, and an invitation to set its password is e-mailed */
  "POST /api/admin/partners/:id/members": {
    access: "office",
    params: IdParams,
    body: PartnerInviteSchema,
    response: PartnerMemberSchema,
    status: 201,
  },
  /** the partner's monthly statements, latest month first */
  "GET /api/admin/partners/:id/statements": {
    ...pagedList("office", StatementListQuerySchema, StatementSummarySchema),
    params: IdParams,
  },
  /**
   * Staff issue the statement of a month that has ended ({ month: "YYYY-MM" }, India time):
   * its registrations with the plan's fee, and a GST tax invoice due in 30 days. Issued once
   * and never changed: a second issue of the month is a 409.
   */
  "POST /api/admin/partners/:id/statements": {
    access: "office",
    params: IdParams,
    body: StatementIssueSchema,
    response: StatementSchema,
    status: 201,
  },
  /**
   * the month so far as its statement would read if issued now (the same registrations and
   * fees), not issued: no invoice, nothing stored
   */
  "GET /api/admin/partners/:id/statements/current": {
    access: "office",
    params: IdParams,
    response: RunningStatementSchema,
  },
  /** one statement as a PDF: its tax invoice, then its registrations */
  "GET /api/admin/partners/:id/statements/:statementId": {
    access: "office",
    params: PartnerStatementParams,
    response: z.unknown(),
    download: "file",
  },
  /** the caller's organisation and this month's registrations against its quota */
  "GET /api/partner": { access: "partner", response: PartnerOverviewSchema },
  /** owners only */
  "GET /api/partner/members": { access: "partner", response: z.array(PartnerMemberSchema) },
  "POST /api/partner/members": {
    access: "partner",
    body: PartnerInviteSchema,
    response: PartnerMemberSchema,
    status: 201,
  },
  /** the removed user loses access at once, and is signed out */
  "DELETE /api/partner/members/:memberId": {
    access: "partner",
    params: MemberParams,
    response: PartnerMemberSchema,
  },
  /** one finished project: a policy in the partner's name, its homeowner invited by e-mail */
  "POST /api/partner/handovers": {
    access: "partner",
    body: HandoverSchema,
    response: PartnerPolicySchema,
    status: 201,
  },
  "GET /api/partner/policies": pagedList("partner", PartnerPolicyListQuerySchema, PartnerPolicySchema),
  /** the CSV template: its header row and one example row, in UTF-8 with a byte-order mark for Excel */
  "GET /api/partner/imports/template.csv": { access: "partner", response: z.string(), download: "text/csv" },
  "GET /api/partner/imports": pagedList("partner", PartnerImportListQuerySchema, PartnerImportSummarySchema),
  /**
   * A CSV of handovers, as the body (`text/csv`) or a multipart `file` part: read and
   * checked, nothing made. The preview: counts, the first errors and warnings by row and
   * column, a sample of valid rows, and whether it can be committed. A file that cannot be
   * read as rows at all (too large: 413; too many rows, a line too long, UTF-16, not the
   * template's header: 400) is refused whole with `{message}`, and nothing is kept.
   */
  "POST /api/partner/imports": {
    access: "partner",
    multipart: true,
    response: PartnerImportSchema,
    status: 201,
  },
  "GET /api/partner/imports/:id": { access: "partner", params: IdParams, response: PartnerImportSchema },
  /**
   * registers every row of a preview without errors, or none: 409 when it was committed
   * already, has errors, or a rule decided again now refuses a row (named in the message)
   */
  "POST /api/partner/imports/:id/commit": {
    access: "partner",
    params: IdParams,
    response: PartnerImportSchema,
  },
  /** claims raised on the partner's homes, with their status, service level and rating */
  "GET /api/partner/claims": pagedList("partner", PartnerClaimListQuerySchema, PartnerClaimSchema),
  /** the root-cause scorecard of the last 12 months */
  "GET /api/partner/scorecard": { access: "partner", response: PartnerScorecardSchema },
  /** owners only (billing): the organisation's monthly statements, latest month first, each with its invoice's figures */
  "GET /api/partner/statements": pagedList("partner", StatementListQuerySchema, StatementSummarySchema),
  /** owners only: this month so far, as staff's running statement */
  "GET /api/partner/statements/current": { access: "partner", response: RunningStatementSchema },
  /** owners only: one of the organisation's statements as a PDF; another partner's is a 404 */
  "GET /api/partner/statements/:statementId": {
    access: "partner",
    params: StatementParams,
    response: z.unknown(),
    download: "file",
  },
});
