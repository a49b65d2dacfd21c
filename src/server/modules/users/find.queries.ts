import { sql } from "drizzle-orm";
import { FIND_LIMIT, type FindResult } from "../../../shared/endpoints/customers.ts";
import type { PolicyStatus } from "../../../shared/schemas/policy.ts";
import type { TicketStatus } from "../../../shared/schemas/ticket.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { containsPattern, recordId } from "../../lib/list-filters.ts";
import { usersMatching } from "./customer-search.ts";

/**
 * The console's find box (GET /api/admin/find): a ticket by its number, customers by name,
 * e-mail or phone (those without a ticket too), policies by number, at most FIND_LIMIT of
 * each. Each kind is one small query on its own index (the primary key, the trigram and
 * e-mail indexes of migrations 0002 and 0007), run side by side; the text reaches SQL only
 * as a parameter, its % and _ matched as themselves.
 */
export async function findAnything(db: Db, q: string): Promise<FindResult> {
  const id = recordId(q);
  const like = containsPattern(q);
  const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db.execute(query));
  const [tickets, customers, policies] = await Promise.all([
    id === null
      ? []
      : rows<{ id: number; subject: string; status: TicketStatus; first_name: string; last_name: string }>(
          sql`select t.id, t.subject, t.status, u.first_name, u.last_name
            from tickets t join users u on u.id = t.user_id where t.id = ${id}`,
        ),
    rows<{ id: number; first_name: string; last_name: string; email: string; phone: string | null }>(
      sql`select u.id, u.first_name, u.last_name, u.email, u.phone from users u
        where u.role = 'customer' and u.id = any(array(${usersMatching(q)}))
        order by u.first_name, u.last_name, u.id limit ${FIND_LIMIT}`,
    ),
    rows<{
      id: number;
      policy_number: string;
      status: PolicyStatus;
      user_id: number;
      first_name: string;
      last_name: string;
    }>(
      sql`select p.id, p.policy_number, p.status, p.user_id, u.first_name, u.last_name
        from purchases p join users u on u.id = p.user_id
        where p.policy_number ilike ${like}
        order by p.id desc limit ${FIND_LIMIT}`,
    ),
  ]);
  const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();
  return {
    tickets: tickets.map((t) => ({
      id: Number(t.id),
      subject: t.subject,
      status: t.status,
      customerName: name(t),
    })),
    customers: customers.map((c) => ({ id: Number(c.id), name: name(c), email: c.email, phone: c.phone })),
    policies: policies.map((p) => ({
      id: Number(p.id),
      policyNumber: p.policy_number,
      status: p.status,
      userId: Number(p.user_id),
      customerName: name(p),
    })),
  };
}
