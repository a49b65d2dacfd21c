import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

export interface AuditEntry {
  actorId: number;
  action: string;
  entityType: "ticket" | "purchase" | "inquiry" | "user";
  entityId: number;
  details?: Record<string, unknown>;
}

/** Every admin write leaves a row: who, what, on which record, when. */
export async function recordAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? null });
}
