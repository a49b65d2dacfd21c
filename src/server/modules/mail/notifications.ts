import { eq } from "drizzle-orm";
import { fullName } from "../../../shared/names.ts";
import type { Db, Tx } from "../../db/client.ts";
import { plans, users } from "../../db/schema.ts";
import { resolutionCount } from "../ratings/ratings.service.ts";
import { contactColumns } from "../users/public-user.ts";
import type { LinkRef } from "./email-links.ts";
import { type QueuedData, queueEmail, queueEmails, STAFF_ADDRESS } from "./outbox.ts";
import type { RenewalFacts } from "./templates/index.ts";

/**
 * The notifications each command queues, inside its own transaction: a ticket saved is a
 * ticket whose e-mails will go, and a ticket rolled back sends nothing. Staff alerts are
 * addressed to STAFF_ADDRESS and resolved when sent (STAFF_EMAIL, or every staff account).
 */

/** the account's addressee details for an e-mail; undefined when there is no such account */
export async function person(tx: Tx | Db, id: number) {
  const [u] = await tx.select(contactColumns(users)).from(users).where(eq(users.id, id));
  return u ? { id: u.id, name: fullName(u), email: u.email } : undefined;
}

export async function notifyWelcome(
  tx: Tx | Db,
  user: { id: number; firstName: string; lastName: string; email: string; username: string },
) {
  await queueEmail(tx, {
    template: "welcome",
    to: user.email,
    toName: fullName(user),
    audience: "customer",
    userId: user.id,
    data: { name: user.firstName, username: user.username },
  });
}

interface TicketFacts {
  id: number;
  userId: number;
  subject: string;
  priority: string;
  assigneeId: number | null;
}

type TicketCustomerTemplate =
  | "ticket_received"
  | "ticket_reply"
  | "ticket_status"
  | "visit_proposed"
  | "visit_outcome";

/**
 * An e-mail to the customer about their ticket: each greets them by name and names the
 * ticket's number and subject, and `more` is what its template adds. Queued under the
 * ticket's id, as every e-mail about a ticket is.
 */
export async function mailTicketCustomer<K extends TicketCustomerTemplate>(
  tx: Tx,
  customer: { id: number; name: string; email: string },
  ticket: { id: number; subject: string },
  template: K,
  more: Omit<QueuedData<K>, "name" | "ticketId" | "subject">,
  link?: LinkRef,
) {
  await queueEmail(
    tx,
    {
      template,
      to: customer.email,
      toName: customer.name,
      audience: "customer",
      userId: customer.id,
      ...(link ? { link } : {}),
      // the three common fields and `more` make the template's data, which TypeScript cannot
      // follow for a template it only knows as K
      data: { name: customer.name, ticketId: ticket.id, subject: ticket.subject, ...more } as QueuedData<K>,
    },
    { ticketId: ticket.id },
  );
}

export async function notifyTicketCreated(tx: Tx, ticket: TicketFacts, policyNumber: string) {
  const customer = await person(tx, ticket.userId);
  if (!customer) return;
  await mailTicketCustomer(tx, customer, ticket, "ticket_received", {});
  await queueEmail(
    tx,
    {
      template: "staff_new_ticket",
      to: STAFF_ADDRESS,
      audience: "staff",
      data: {
        ticketId: ticket.id,
        subject: ticket.subject,
        customer: customer.name,
        priority: ticket.priority,
        policyNumber,
      },
    },
    { ticketId: ticket.id },
  );
}

/** A staff reply (never an internal note) goes to the customer */
export async function notifyStaffReply(tx: Tx, ticket: TicketFacts, staffName: string, body: string) {
  const customer = await person(tx, ticket.userId);
  if (!customer) return;
  await mailTicketCustomer(tx, customer, ticket, "ticket_reply", { from: staffName, body });
}

/** A customer's reply goes to the ticket's assignee, or to all staff while it has none */
export async function notifyCustomerReply(tx: Tx, ticket: TicketFacts, customerName: string, body: string) {
  const assignee = ticket.assigneeId ? await person(tx, ticket.assigneeId) : undefined;
  await queueEmail(
    tx,
    {
      template: "staff_customer_reply",
      to: assignee?.email ?? STAFF_ADDRESS,
      toName: assignee?.name,
      audience: "staff",
      data: { ticketId: ticket.id, subject: ticket.subject, customer: customerName, body },
    },
    { ticketId: ticket.id },
  );
}

/** The staff member a ticket was assigned to hears of it, unless they took it themselves */
export async function notifyAssignee(
  tx: Tx,
  ticket: TicketFacts,
  by: { id: number; firstName: string; lastName: string },
) {
  if (!ticket.assigneeId || ticket.assigneeId === by.id) return;
  const assignee = await person(tx, ticket.assigneeId);
  const customer = await person(tx, ticket.userId);
  if (!assignee) return;
  await queueEmail(
    tx,
    {
      template: "staff_ticket_assigned",
      to: assignee.email,
      toName: assignee.name,
      audience: "staff",
      data: {
        ticketId: ticket.id,
        subject: ticket.subject,
        priority: ticket.priority,
        customer: customer?.name ?? "a customer",
        by: fullName(by),
      },
    },
    { ticketId: ticket.id },
  );
}

export async function notifyTicketStatus(
  tx: Tx,
  ticket: TicketFacts,
  change: "assigned" | "resolved" | "closed",
) {
  const customer = await person(tx, ticket.userId);
  if (!customer) return;
  const assignee =
    change === "assigned" && ticket.assigneeId ? (await person(tx, ticket.assigneeId))?.name : undefined;
  // a resolution's number goes into its e-mail's rating links (rated once per resolution)
  const resolution = change === "resolved" ? await resolutionCount(tx, ticket.id) : undefined;
  await mailTicketCustomer(tx, customer, ticket, "ticket_status", {
    change,
    ...(assignee ? { assignee } : {}),
    ...(resolution ? { resolution } : {}),
  });
}

interface PolicyRow {
  id: number;
  /** null while a partner's handover waits for its homeowner: nobody to write to yet */
  userId: number | null;
  planId: number;
  policyNumber: string;
  startDate: string;
  endDate: string;
  totalAmount: number;
}

export async function policyFacts(tx: Tx | Db, p: PolicyRow) {
  const customer = p.userId === null ? undefined : await person(tx, p.userId);
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, p.planId));
  if (!customer) return undefined;
  return {
    customer,
    facts: {
      name: customer.name,
      purchaseId: p.id,
      policyNumber: p.policyNumber,
      planName: plan?.name ?? "warranty",
      startDate: p.startDate,
      endDate: p.endDate,
      totalAmount: p.totalAmount,
    },
  };
}

export async function notifyPolicy(tx: Tx, policy: PolicyRow, event: "issued" | "activated") {
  const f = await policyFacts(tx, policy);
  if (!f) return;
  await queueEmail(tx, {
    template: event === "issued" ? "policy_issued" : "policy_activated",
    to: f.customer.email,
    toName: f.customer.name,
    audience: "customer",
    userId: f.customer.id,
    data: f.facts,
  });
}

/**
 * Each step of a renewal goes to its holder; a request also alerts staff, who take the
 * payment (and book the inspection of a lapsed policy).
 */
export async function notifyRenewal(
  tx: Tx,
  r: Omit<RenewalFacts, "name">,
  userId: number | null,
  step: "requested" | "inspected" | "activated",
) {
  const customer = userId === null ? undefined : await person(tx, userId);
  if (!customer) return;
  const facts = {
    name: customer.name,
    purchaseId: r.purchaseId,
    policyNumber: r.policyNumber,
    planName: r.planName,
    amount: r.amount,
    status: r.status,
    inspectionResult: r.inspectionResult,
    inspectionNote: r.inspectionNote,
    newPurchaseId: r.newPurchaseId,
    newPolicyNumber: r.newPolicyNumber,
    newStartDate: r.newStartDate,
    newEndDate: r.newEndDate,
  };
  await queueEmail(tx, {
    template: "renewal",
    to: customer.email,
    toName: customer.name,
    audience: "customer",
    userId: customer.id,
    data: { ...facts, step },
  });
  if (step === "requested") {
    await queueEmail(tx, {
      template: "staff_renewal_requested",
      to: STAFF_ADDRESS,
      audience: "staff",
      data: { ...facts, customer: customer.name },
    });
  }
}

/** The staff alert and the visitor's acknowledgement of one enquiry */
export async function notifyEnquiry(
  tx: Tx | Db,
  e: { name: string; email: string; phone: string; interest: string; message: string },
) {
  // both in one statement: the visitor's request waits for one round trip, not two
  await queueEmails(tx, [
    { mail: { template: "staff_new_enquiry", to: STAFF_ADDRESS, audience: "staff", data: e } },
    {
      mail: {
        template: "enquiry_ack",
        to: e.email,
        toName: e.name,
        audience: "visitor",
        data: { name: e.name, interest: e.interest },
      },
    },
  ]);
}

/** Both addresses hear of a change of address: the old one in case it was not the owner's doing */
export async function notifyEmailChanged(
  tx: Tx | Db,
  user: { id: number; firstName: string; lastName: string },
  oldEmail: string,
  newEmail: string,
) {
  for (const to of [oldEmail, newEmail]) {
    await queueEmail(tx, {
      template: "email_changed",
      to,
      toName: fullName(user),
      audience: "customer",
      userId: user.id,
      data: { name: user.firstName, oldEmail, newEmail },
    });
  }
}
