import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PublicUser } from "../../../shared/schemas/auth.ts";
import type { users } from "../../db/schema.ts";

/** The only way a user row leaves the server: the password hash is dropped here. */
export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    gstin: row.gstin,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The columns that say who a person is and where to write to them, selected beside a record
 * (a policy's holder, a transfer's seller) or for an e-mail. `u` is the users table or an
 * alias of it.
 */
export function contactColumns<U extends Record<"id" | "firstName" | "lastName" | "email", AnyPgColumn>>(
  u: U,
): Pick<U, "id" | "firstName" | "lastName" | "email"> {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email };
}
