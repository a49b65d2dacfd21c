import { type Tx, writtenNow } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

export interface AuditEntry {
  /** null for the system's own runs (the enquiry retention job) */
  actorId: number | null;
  action: string;
  entityType:
    | "job"
    | "ticket"
    | "purchase"
    | "inquiry"
    | "user"
    | "consent"
    | "privacy_request"
    | "setting"
    | "canned_reply"
    | "news"
    | "invoice"
    | "policy_item"
    | "partner"
    | "order";
  entityId: number | null;
  details?: Record<string, unknown>;
}

/**
 * Every admin write leaves a row: who, what, on which record, when. It takes a transaction,
 * not the database: the row is written with the change it describes, so there is never a
 * change without its audit row, nor an audit row for a change that was rolled back.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry) {
  await recordAudits(tx, [entry]);
}

/** Several audit rows in one statement (an import's thousands of policies); at most a thousand or so a call */
export async function recordAudits(tx: Tx, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  const createdAt = writtenNow();
  await tx
    .insert(auditLog)
    .values(entries.map((entry) => ({ ...entry, details: entry.details ?? null, createdAt })));
}
