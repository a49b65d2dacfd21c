import { eq, or, sql } from "drizzle-orm";
import {
  EMAIL_CHANGE_THROUGH_LINK,
  type ProfileUpdate,
  type PublicUser,
  type Register,
  type Role,
} from "../../../shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { badRequest, conflict, notFound, unauthorized } from "../../errors.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../auth/password.ts";
import { notifyWelcome } from "../mail/notifications.ts";
import { sendEmailConfirmation } from "./email-address.ts";
import { toPublicUser } from "./public-user.ts";
import { userChanged } from "./remembered-users.ts";

type NewUser = Omit<Register, "role"> & { role?: Role };

/** the contact details a person may leave out at sign-up, stored as null */
const contactColumns = (input: Pick<Register, "phone" | "address" | "city" | "state" | "pincode">) => ({
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

/**
 * The account a sign-in names: `login` is its username or its e-mail address, in any case.
 * Usernames and addresses are each unique, but one account's username could be another's
 * address; the username then wins, as it did before addresses were accepted.
 */
export async function findByLogin(db: Db, login: string) {
  const rows = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`));
  return rows.find((r) => r.username.toLowerCase() === login.toLowerCase()) ?? rows[0];
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
 * sign-up's welcome e-mail and the link that proves its address, queued with the account.
 * `addressProved`: the demo accounts, whose addresses are the tester's own.
 */
export async function createUser(
  db: Db,
  input: NewUser,
  options: { welcome?: boolean; addressProved?: boolean } = {},
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
          emailVerifiedAt: options.addressProved ? new Date() : null,
        })
        .returning();
      if (options.welcome) {
        await notifyWelcome(tx, row);
        await sendEmailConfirmation(tx, row, row.email);
      }
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

/**
 * Changes the fields the request sent and keeps the others. The e-mail address is not one of
 * them: a new address works once the link sent to it is followed (email-address.ts), so a
 * request that sends a different one is refused with the way to do it.
 */
export async function updateProfile(db: Db, actor: PublicUser, input: ProfileUpdate): Promise<PublicUser> {
  const { email, ...fields } = input;
  if (email !== undefined && email !== actor.email.toLowerCase()) {
    throw badRequest(EMAIL_CHANGE_THROUGH_LINK, { email: EMAIL_CHANGE_THROUGH_LINK });
  }
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, actor.id))
    .returning();
  if (!row) throw notFound("User not found");
  await userChanged(db, row.id);
  return toPublicUser(row);
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Sets a new password hash. `alongside` runs in the same transaction, so the sessions it
 * ends end only if the password really changed.
 */
export async function changePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  alongside: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await alongside(tx);
  });
}

/** whether `password` is the user's password now */
export async function passwordMatches(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row) && (await verifyPassword(row.hash, password));
}
