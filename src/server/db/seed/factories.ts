import { eq, sql } from "drizzle-orm";
import { policyEndDate } from "../../../shared/dates.ts";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { PolicyStatus } from "../../../shared/schemas/policy.ts";
import type { TicketPriority, TicketStatus } from "../../../shared/schemas/ticket.ts";
import { policyNumberFor } from "../../modules/policies/policies.service.ts";
import { toPublicUser } from "../../modules/users/public-user.ts";
import { createUser, findByUsername } from "../../modules/users/users.service.ts";
import type { Db } from "../client.ts";
import { rowsOf } from "../rows.ts";
import { plans, purchases, ticketMessages, ticketStatusHistory, tickets, users } from "../schema.ts";

/** Builders shared by `seed:demo` and the tests: real rows made through the same rules as the API. */

export async function ensureUser(
  db: Db,
  input: {
    username: string;
    password: string;
    firstName: string;
    lastName: string;
    email: string;
    role?: PublicUser["role"];
  } & Partial<Pick<PublicUser, "phone" | "address" | "city" | "state" | "pincode">>,
): Promise<PublicUser> {
  const existing = await findByUsername(db, input.username);
  if (existing) return toPublicUser(existing);
  // the demo and test accounts' addresses count as proved: they are the tester's own
  return createUser(
    db,
    {
      ...input,
      phone: input.phone ?? undefined,
      address: input.address ?? undefined,
      city: input.city ?? undefined,
      state: input.state ?? undefined,
      pincode: input.pincode ?? undefined,
    },
    { addressProved: true },
  );
}

export async function planIdByName(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, name));
  if (!row) throw new Error(`No plan named ${name}: is the base content seeded?`);
  return row.id;
}

export async function makePolicy(
  db: Db,
  input: {
    userId: number;
    planName: string;
    startDate: string;
    status: PolicyStatus;
    propertyAddress: string;
    propertyCity: string;
    propertyState: string;
    propertyPincode?: string;
    /** when the policy was issued (its certificate's "Issued on"); now when not given */
    createdAt?: Date;
    /** a home a partner registered: billed to the partner, so the homeowner's amount is 0 */
    partner?: { partnerId: number; registeredById: number; installer: string | null };
  },
) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(eq(plans.id, await planIdByName(db, input.planName)));
  const [seq] = await rowsOf<{ id: number }>(
    db.execute(sql`select nextval(pg_get_serial_sequence('purchases', 'id'))::int as id`),
  );
  const id = Number(seq.id);
  // a partner's registration names the homeowner as the partner typed them: here, as the account reads
  const [holder] = input.partner
    ? await db.select().from(users).where(eq(users.id, input.userId))
    : [undefined];
  const [row] = await db
    .insert(purchases)
    .values({
      id,
      userId: input.userId,
      planId: plan.id,
      policyNumber: policyNumberFor(id, input.startDate),
      propertyAddress: input.propertyAddress,
      propertyCity: input.propertyCity,
      propertyState: input.propertyState,
      propertyPincode: input.propertyPincode ?? null,
      startDate: input.startDate,
      endDate: policyEndDate(input.startDate, plan.duration ?? 1),
      totalAmount: input.partner ? 0 : plan.price * 100,
      status: input.status,
      ...input.partner,
      ...(holder
        ? {
            homeownerName: `${holder.firstName} ${holder.lastName}`,
            homeownerEmail: holder.email.toLowerCase(),
          }
        : {}),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return row;
}

/** A ticket with a believable history: it walks through each status up to the one asked for. */
export async function makeTicket(
  db: Db,
  input: {
    userId: number;
    purchaseId: number;
    subject: string;
    description: string;
    priority: TicketPriority;
    status: TicketStatus;
    staffId?: number;
    createdAt?: Date;
    messages?: { authorId: number; body: string; internal?: boolean }[];
    /** the kind of covered item claimed for, and the policy item when one is named */
    coveredItem?: string;
    policyItemId?: number;
  },
) {
  const createdAt = input.createdAt ?? new Date();
  const [ticket] = await db
    .insert(tickets)
    .values({
      userId: input.userId,
      purchaseId: input.purchaseId,
      subject: input.subject,
      description: input.description,
      priority: input.priority,
      status: input.status,
      assigneeId: input.status === "open" ? null : (input.staffId ?? null),
      coveredItem: input.coveredItem ?? null,
      policyItemId: input.policyItemId ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const path: TicketStatus[] = ["open", "in_progress", "resolved", "closed"];
  const steps = path.slice(0, path.indexOf(input.status) + 1);
  let at = createdAt.getTime();
  for (const [i, status] of steps.entries()) {
    await db.insert(ticketStatusHistory).values({
      ticketId: ticket.id,
      fromStatus: i === 0 ? null : steps[i - 1],
      toStatus: status,
      changedById: i === 0 ? input.userId : (input.staffId ?? null),
      note: i === 0 ? "Ticket raised" : null,
      createdAt: new Date(at),
    });
    at += 3_600_000 * 5;
  }
  for (const [i, m] of (input.messages ?? []).entries()) {
    await db.insert(ticketMessages).values({
      ticketId: ticket.id,
      authorId: m.authorId,
      body: m.body,
      internal: m.internal ?? false,
      createdAt: new Date(createdAt.getTime() + (i + 1) * 1_800_000),
    });
  }
  return ticket;
}
