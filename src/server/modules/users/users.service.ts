import { eq, sql } from "drizzle-orm";
import type { ProfileUpdate, PublicUser, Register, Role } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { conflict, notFound, unauthorized } from "../../errors.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../auth/password.ts";
import { notifyEmailChanged, notifyWelcome } from "../mail/notifications.ts";
import { toPublicUser } from "./public-user.ts";

type NewUser = Omit<Register, "role"> & { role?: Role };

/** the contact details a person may leave out, stored as null: sign-up and the profile keep them alike */
const contactColumns = (input: Pick<ProfileUpdate, "phone" | "address" | "city" | "state" | "pincode">) => ({
  phone: input.phone ?? null,
  address: input.address ?? null,
  city: input.city ?? null,
  state: input.state ?? null,
  pincode: input.pincode ?? null,
});

export async function findByUsername(db: Db, username: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

async function assertUnique(db: Db, fields: { username?: string; email?: string }, exceptId?: number) {
  if (fields.username) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${fields.username})`);
    if (row && row.id !== exceptId)
      throw conflict("Username already exists", { username: "This username is already taken" });
  }
  if (fields.email) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${fields.email})`);
    if (row && row.id !== exceptId)
      throw conflict("An account with this email already exists", {
        email: "This email is already registered",
      });
  }
}

/**
 * Sign-ups are always customers; admins are made by `npm run admin:create`. `welcome`: a
 * sign-up's welcome e-mail, queued with the account (seeded and test accounts get none).
 */
export async function createUser(
  db: Db,
  input: NewUser,
  options: { welcome?: boolean } = {},
): Promise<PublicUser> {
  await assertUnique(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          email: input.email,
          passwordHash,
          ...contactColumns(input),
          role: input.role ?? "customer",
        })
        .returning();
      if (options.welcome) await notifyWelcome(tx, row);
      return toPublicUser(row);
    });
  } catch (err) {
    // two sign-ups racing for one name: the unique index decides
    if (isUniqueViolation(err)) await assertUnique(db, input);
    throw err;
  }
}

export async function authenticate(db: Db, username: string, password: string): Promise<PublicUser> {
  const row = await findByUsername(db, username);
  if (!row) {
    await burnPasswordCheck(password);
    throw unauthorized("Invalid username or password");
  }
  if (!(await verifyPassword(row.passwordHash, password))) throw unauthorized("Invalid username or password");
  return toPublicUser(row);
}

export async function updateProfile(db: Db, actor: PublicUser, input: ProfileUpdate): Promise<PublicUser> {
  const email = input.email.trim().toLowerCase();
  await assertUnique(db, { email }, actor.id);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, actor.id))
      .for("update");
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        ...contactColumns(input),
        // a form that does not show the GSTIN leaves it as it is
        ...(input.gstin !== undefined ? { gstin: input.gstin } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning();
    if (!row || !before) throw notFound("User not found");
    // both addresses are told: the old one in case the change was not its owner's doing
    if (before.email.toLowerCase() !== row.email.toLowerCase())
      await notifyEmailChanged(tx, row, before.email, row.email);
    return toPublicUser(row);
  });
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
