/**
 * Every e-mail the site sends, by name. A job carries the name and the data; the e-mail is
 * written when it is sent, so a template fixed later applies to what is still waiting.
 */
export interface TemplateData {
  password_reset: { name: string; token: string; minutes: number };
  email_changed: { name: string; oldEmail: string; newEmail: string };
  /** a link that proves an address: the account's own, or (`change`) the new one it moves to */
  email_confirm: { name: string; username: string; token: string; hours: number; change: boolean };
  password_changed: { name: string };
  welcome: { name: string; username: string };
  ticket_received: { name: string; ticketId: number; subject: string };
  ticket_reply: { name: string; ticketId: number; subject: string; from: string; body: string };
  ticket_status: {
    name: string;
    ticketId: number;
    subject: string;
    change: "assigned" | "resolved" | "closed";
    assignee?: string;
    /** on "resolved": which resolution of the ticket, for its signed rating links */
    resolution?: number;
  };
  policy_issued: PolicyFacts;
  policy_activated: PolicyFacts;
  policy_reminder: PolicyFacts & { days: number };
  staff_new_enquiry: { name: string; email: string; phone: string; interest: string; message: string };
  staff_new_ticket: {
    ticketId: number;
    subject: string;
    customer: string;
    priority: string;
    policyNumber: string;
  };
  staff_customer_reply: { ticketId: number; subject: string; customer: string; body: string };
  /** to the staff member (usually a technician) a ticket was just assigned to, by someone else */
  staff_ticket_assigned: {
    ticketId: number;
    subject: string;
    priority: string;
    customer: string;
    /** who assigned it */
    by: string;
  };
  /** the customer asked for another time for the visit offered */
  staff_visit_change_requested: {
    ticketId: number;
    subject: string;
    customer: string;
    startsAt: string;
    endsAt: string;
    note: string;
  };
  /** a ticket at 75% of its service-level target (or past it when the check came late) */
  staff_sla_warning: {
    ticketId: number;
    subject: string;
    target: "first reply" | "resolution";
    /** India time, formatted */
    due: string;
    overdue: boolean;
  };
  enquiry_ack: { name: string; interest: string };
  /** staff's news to customers with marketing consent; blank lines in `text` start paragraphs */
  news: { name: string; subject: string; text: string };
  visit_proposed: {
    name: string;
    ticketId: number;
    subject: string;
    startsAt: string;
    endsAt: string;
    /** a new time for a visit already offered */
    changed: boolean;
    /** signs the confirm / ask-for-another links (visits/visit-links.ts) */
    token: string;
    /** the calendar invitation (text/calendar, METHOD:REQUEST) sent with the e-mail */
    calendar: string;
  };
  visit_outcome: {
    name: string;
    ticketId: number;
    subject: string;
    outcome: string;
    notes: string;
    by: string;
  };
  /**
   * `email`: the invited address, which the link carries after its '#' so the sign-up it leads
   * to is filled in with it (absent from e-mails queued before it was told)
   */
  transfer_invite: TransferFacts & { sellerFirstName: string; token: string; days: number; email?: string };
  transfer_accepted: TransferFacts & { role: "seller" | "buyer" };
  transfer_completed: TransferFacts & { role: "seller" | "buyer" };
  transfer_cancelled: TransferFacts;
  transfer_declined: TransferFacts & { role: "seller" | "buyer" };
  renewal: RenewalFacts & { step: "requested" | "inspected" | "activated" };
  staff_renewal_requested: RenewalFacts & { customer: string };
  /** each step of an online order, told to its buyer */
  order: OrderFacts & {
    step: "placed" | "confirmed" | "cancelled" | "expired";
    /** the order pays for a renewal of the policy, not a new one */
    renewal?: boolean;
    invoiceNumber?: string;
    reason?: string;
  };
  /** a buyer reported the UTR of an order's payment: staff check the bank and confirm it */
  staff_order_payment: OrderFacts & { customer: string; utr: string };
  /** a person invited to a partner's account; `token` sets the password of a new account */
  partner_invitation: {
    name: string;
    /** the account's username, to sign in with (absent from e-mails queued before it was told) */
    username?: string;
    partnerName: string;
    role: "owner" | "member";
    token: string | null;
    days: number;
  };
  /**
   * the homeowner of a home a partner registered; `token` sets the password of a new account.
   * `awaiting`: the address has an account already, so the home waits in it for the
   * homeowner to accept it (absent from e-mails queued before it existed)
   */
  partner_handover: {
    name: string;
    username?: string;
    awaiting?: boolean;
    partnerName: string;
    purchaseId: number;
    policyNumber: string;
    planName: string;
    city: string;
    startDate: string;
    endDate: string;
    pending: boolean;
    token: string | null;
    days: number;
    /**
     * the homeowner's other homes registered at the same time (rows of one import): one
     * e-mail names them all, with one set-password link. E-mails queued before this field
     * existed have none.
     */
    otherPolicies?: { purchaseId: number; policyNumber: string; planName: string; city: string }[];
  };
}

/** An online order as its e-mails tell it; the amount in paise */
interface OrderFacts {
  name: string;
  orderId: number;
  reference: string;
  purchaseId: number;
  policyNumber: string;
  planName: string;
  amount: number;
}

/** A renewal as its e-mails tell it; amounts in paise */
export interface RenewalFacts {
  name: string;
  purchaseId: number;
  policyNumber: string;
  planName: string;
  amount: number;
  status: string;
  inspectionResult: "passed" | "failed" | null;
  inspectionNote: string | null;
  newPurchaseId: number | null;
  newPolicyNumber: string | null;
  newStartDate: string | null;
  newEndDate: string | null;
}

/** A policy's transfer to the buyer of the home, as its e-mails tell it (`name` is the addressee's). */
export interface TransferFacts {
  name: string;
  purchaseId: number;
  policyNumber: string;
  planName: string;
  city: string;
  endDate: string;
  /** staff approve it after the buyer accepts */
  needsApproval: boolean;
}

export interface PolicyFacts {
  name: string;
  purchaseId: number;
  policyNumber: string;
  planName: string;
  startDate: string;
  endDate: string;
  /** paise */
  totalAmount: number;
}

export type TemplateName = keyof TemplateData;

/** Reminders and news: sent only with the person's marketing consent, and carry an unsubscribe link. */
export const MARKETING_TEMPLATES: ReadonlySet<TemplateName> = new Set(["policy_reminder", "news"]);

/**
 * The e-mails about a policy (each carries its `purchaseId`): on a partner's policy they
 * carry the partner's logo, name and white-label line (looked up when the e-mail is written).
 */
export const POLICY_TEMPLATES: ReadonlySet<TemplateName> = new Set([
  "partner_handover",
  "policy_issued",
  "policy_activated",
  "policy_reminder",
  "transfer_invite",
  "transfer_accepted",
  "transfer_completed",
  "transfer_cancelled",
  "transfer_declined",
]);

/** What one e-mail says, before it is laid out. */
export interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  details?: [string, string][];
  action?: { label: string; path: string };
  /** a second, quieter link under the button */
  secondary?: { label: string; path: string };
  /** a calendar invitation sent with the e-mail as its text/calendar part */
  calendar?: string;
  /** quoted text someone wrote (a reply, an enquiry), shown apart from our words */
  quote?: string;
}
