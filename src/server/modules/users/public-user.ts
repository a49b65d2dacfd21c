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
    createdAt: row.createdAt.toISOString(),
  };
}
