import { and, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { Technician, TechnicianCreate } from "../../../shared/schemas/visit.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.ts";
import { keysBySort, keysetList, selectOnPage, textKey, timestampKey } from "../../lib/keyset.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { passwordProblem } from "../auth/password-rules.ts";
import { endEverySession } from "../users/remembered-users.ts";
import { createUser } from "../users/users.service.ts";

/**
 * Technicians: field engineers with console accounts that reach only the tickets assigned
 * to them. Staff create them and switch them off; nobody signs up as one.
 */

export type TechnicianSort = "name" | "created";

type Row = typeof users.$inferSelect;

/** open and in-progress tickets assigned to the person, from the small work-queue index */
const openTickets = sql<number>`(select count(*)::int from tickets t
  where t.assignee_id = ${users.id} and t.status in ('open', 'in_progress'))`;

const toTechnician = (r: Row, open: number): Technician => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  username: r.username,
  email: r.email,
  phone: r.phone,
  active: r.deactivatedAt === null,
  openTickets: Number(open),
  createdAt: r.createdAt.toISOString(),
});

export const listTechnicians = keysetList({
  list: "technicians",
  table: users,
  where: (_noFilters: Record<string, never>) => eq(users.role, "technician"),
  keys: keysBySort<TechnicianSort>(users.id, {
    name: [textKey(users.firstName), textKey(users.lastName)],
    created: timestampKey(users.createdAt),
  }),
  fetch: (db, read) =>
    selectOnPage(db, users, read, { u: users, open: openTickets }).orderBy(...read.orderBy),
  map: (r) => toTechnician(r.u, r.open),
});

export async function createTechnician(
  db: Db,
  actor: PublicUser,
  input: TechnicianCreate,
): Promise<Technician> {
  const problem = passwordProblem(input.password, { ...input, role: "technician" });
  if (problem) throw badRequest(problem, { password: problem });
  // createUser checks the name and address are free and hashes the password in its own
  // transaction; the audit row follows once the account exists
  const user = await createUser(db, {
    ...input,
    phone: input.phone,
    address: undefined,
    city: undefined,
    state: undefined,
    role: "technician",
  });
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      action: "technician.create",
      entityType: "user",
      entityId: user.id,
      details: { username: user.username },
    }),
  );
  return findTechnician(db, user.id);
}

async function findTechnician(db: Db, id: number): Promise<Technician> {
  const [r] = await db
    .select({ u: users, open: openTickets })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "technician")));
  if (!r) throw notFound("Technician not found");
  return toTechnician(r.u, r.open);
}

/** Off at once: no sign-in, every session ended, no longer offered for assignment */
export async function deactivateTechnician(db: Db, actor: PublicUser, id: number): Promise<Technician> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, "technician")))
      .for("update");
    if (!row) throw notFound("Technician not found");
    if (row.deactivatedAt) return;
    await tx.update(users).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await endEverySession(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "technician.deactivate",
      entityType: "user",
      entityId: id,
    });
  });
  return findTechnician(db, id);
}
