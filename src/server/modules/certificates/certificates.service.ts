import { and, eq, sql } from "drizzle-orm";
import { type Actor, holderOrOffice } from "../../../shared/access.ts";
import { todayInIndia } from "../../../shared/dates.ts";
import type { Verification, VerificationStatus, VerifyLookup } from "../../../shared/schemas/certificate.ts";
import type { PolicyStatus } from "../../../shared/schemas/policy.ts";
import type { Db } from "../../db/client.ts";
import { partners, plans, purchases, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.ts";
import { getPlanWithFeatures } from "../content/content.service.ts";
import { logoVersion, partnerBrand } from "../partners/partner-brand.ts";
import { effectiveStatus } from "../policies/policies.service.ts";
import { homeSoldAt } from "../transfers/home-sold.ts";

/** Everything a certificate or a verification answer is made from: one policy, its plan and its holder. */
export interface CertificateFacts {
  id: number;
  policyNumber: string;
  verifyCode: string;
  status: PolicyStatus;
  startDate: string;
  endDate: string;
  city: string;
  pincode: string | null;
  planName: string;
  durationYears: number | null;
  covered: string[];
  holderFirstName: string;
  holderLastName: string;
  /** when the policy last changed holder (a completed transfer), or null */
  transferredAt: Date | null;
  /** the partner who gives the warranty of a partner's policy (white label), or null */
  partner: { id: number; name: string; logoStorageKey: string | null } | null;
  /** changes whenever the policy, its holder's name or its partner's name or logo changes: part of the PDF cache key */
  version: string;
}

const factColumns = {
  id: purchases.id,
  userId: purchases.userId,
  planId: purchases.planId,
  policyNumber: purchases.policyNumber,
  verifyCode: purchases.verifyCode,
  status: purchases.status,
  startDate: purchases.startDate,
  endDate: purchases.endDate,
  city: purchases.propertyCity,
  pincode: purchases.propertyPincode,
  updatedAt: purchases.updatedAt,
  planName: plans.name,
  durationYears: plans.duration,
  holderFirstName: users.firstName,
  holderLastName: users.lastName,
  holderUpdatedAt: users.updatedAt,
  partnerId: partners.id,
  partnerName: partners.name,
  partnerLogo: partners.logoStorageKey,
  transferredAt: homeSoldAt(purchases.id),
};

const selectFacts = (db: Db) =>
  db
    .select(factColumns)
    .from(purchases)
    .innerJoin(plans, eq(plans.id, purchases.planId))
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(partners, eq(partners.id, purchases.partnerId));

type FactRow = Awaited<ReturnType<typeof selectFacts>>[number];

async function factsOf(db: Db, row: FactRow): Promise<CertificateFacts> {
  const plan = await getPlanWithFeatures(db, row.planId);
  const status = effectiveStatus(row);
  return {
    id: row.id,
    policyNumber: row.policyNumber,
    verifyCode: row.verifyCode,
    status,
    startDate: row.startDate,
    endDate: row.endDate,
    city: row.city,
    pincode: row.pincode,
    planName: row.planName,
    durationYears: row.durationYears,
    covered: (plan?.features ?? []).filter((f) => f.included).map((f) => f.name),
    holderFirstName: row.holderFirstName,
    holderLastName: row.holderLastName,
    transferredAt: row.transferredAt,
    partner:
      row.partnerId === null
        ? null
        : { id: row.partnerId, name: row.partnerName ?? "", logoStorageKey: row.partnerLogo },
    version: [
      row.updatedAt.getTime(),
      row.userId,
      row.holderUpdatedAt.getTime(),
      status,
      // a renamed partner or a new logo is a new certificate
      row.partnerId === null
        ? ""
        : `${row.partnerName}.${row.partnerLogo ? logoVersion(row.partnerLogo) : ""}`,
    ].join("."),
  };
}

/**
 * The facts for the holder's certificate. Anyone but the holder and staff gets "not found",
 * as for the policy itself. A certificate says that cover is in force, so only an active
 * policy has one: a pending policy has none yet, and a cancelled or expired one no longer
 * has one; each is a 409 that says so. (Whether a policy was ever valid stays public on
 * the verification page.)
 */
export async function certificateFacts(db: Db, actor: Actor, id: number): Promise<CertificateFacts> {
  const [row] = await selectFacts(db).where(eq(purchases.id, id));
  if (!row || !holderOrOffice(actor, row.userId)) throw notFound("Policy not found");
  const facts = await factsOf(db, row);
  if (facts.status === "pending")
    throw conflict(
      "The certificate is issued once the policy is active. Please check again after activation.",
    );
  if (facts.status === "cancelled")
    throw conflict("This policy has been cancelled, so it has no certificate.");
  if (facts.status === "expired")
    throw conflict(
      "This policy's cover has ended, so it has no certificate. Its verification page still shows it.",
    );
  return facts;
}

const NOT_FOUND = "No policy matches. Please check the code, or the policy number and PIN code.";

/** The verification answer for the code on a certificate; an unknown code is simply "not found". */
export async function verifyByCode(db: Db, code: string): Promise<Verification> {
  const [row] = await selectFacts(db).where(eq(purchases.verifyCode, code));
  if (!row) throw notFound(NOT_FOUND);
  return toVerification(await factsOf(db, row));
}

/**
 * The same from the policy number and the property's PIN code (the holder's own PIN code
 * when the property has none on record). Either part wrong gives the same "not found", so
 * the answer never tells which policy numbers exist.
 */
export async function verifyByNumber(db: Db, lookup: VerifyLookup): Promise<Verification> {
  const [row] = await selectFacts(db).where(
    and(
      // numbers are stored in capitals: compared as such, the lookup uses the number's unique index
      eq(purchases.policyNumber, lookup.policyNumber.toUpperCase()),
      sql`coalesce(${purchases.propertyPincode}, ${users.pincode}) = ${lookup.pincode}`,
    ),
  );
  if (!row) throw notFound(NOT_FOUND);
  return toVerification(await factsOf(db, row));
}

const VERIFICATION_STATUS: Record<PolicyStatus, VerificationStatus> = {
  active: "valid",
  pending: "pending",
  expired: "expired",
  cancelled: "cancelled",
};

function toVerification(f: CertificateFacts, today = todayInIndia()): Verification {
  return {
    status: VERIFICATION_STATUS[f.status],
    policyNumber: f.policyNumber,
    planName: f.planName,
    durationYears: f.durationYears,
    covered: f.covered,
    startDate: f.startDate,
    endDate: f.endDate,
    yearsLeft: f.status === "active" || f.status === "pending" ? yearsLeft(f.startDate, f.endDate, today) : 0,
    city: f.city,
    holder: maskedName(f.holderFirstName, f.holderLastName),
    transferredOn: f.transferredAt ? todayInIndia(f.transferredAt) : null,
    partner: f.partner ? partnerBrand(f.partner) : null,
  };
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** years of cover from today (or the start, when it has not begun) to the end, to one decimal */
function yearsLeft(startDate: string, endDate: string, today: string): number {
  const from = Math.max(dayNumber(today), dayNumber(startDate));
  const days = dayNumber(endDate) + 1 - from;
  return days <= 0 ? 0 : Math.round((days / 365.25) * 10) / 10;
}

/** "Lakshmi Venkatesan" → "L. V.": initials only, so the page names nobody */
function maskedName(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `${Array.from(part)[0].toLocaleUpperCase("en-IN")}.`)
    .join(" ");
}
