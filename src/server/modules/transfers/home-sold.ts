import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { policyTransfers } from "../../db/schema.ts";

/**
 * When the home of a policy (`purchaseId`: a column of the outer query, or one id) was last sold: its
 * latest completed transfer, or null when it never moved. One indexed look-up per policy.
 * The certificate says "Transferred to a new holder on …" from it, and the partner that
 * registered the home loses sight of the new owner from then on.
 */
export const homeSoldAt = (purchaseId: AnyColumn | SQL) =>
  sql<Date | null>`(select max(${policyTransfers.closedAt}) from ${policyTransfers} where ${policyTransfers.purchaseId} = ${purchaseId} and ${policyTransfers.status} = 'completed')`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  );

/**
 * Who held the policy before any sale: the seller of its first completed transfer, or its
 * holder now (`userId`) when it never moved. The partner that registered the home knows
 * this person, and only this one.
 */
export const firstHolder = (purchaseId: AnyColumn, userId: AnyColumn) =>
  sql`coalesce((select ${policyTransfers.fromUserId} from ${policyTransfers} where ${policyTransfers.purchaseId} = ${purchaseId} and ${policyTransfers.status} = 'completed' order by ${policyTransfers.closedAt} limit 1), ${userId})`;
