import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
  toPlainText,
} from "@react-email/components";
import { renderToStaticMarkup } from "react-dom/server";
import { formatDate, formatPaise } from "../../../shared/format.ts";
import { paths } from "../../../shared/paths.ts";
import { TAX_NOTE } from "../../../shared/pricing.ts";
import { ORDER_PAYMENT_DAYS } from "../../../shared/schemas/order.ts";
import { type PartnerBrand, whiteLabelLine } from "../../../shared/schemas/partner-brand.ts";
import { formatVisitSlot } from "../../../shared/schemas/visit.ts";
import { COMPANY } from "../../../web/lib/company.ts";

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
export interface OrderFacts {
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
interface TransferFacts {
  name: string;
  purchaseId: number;
  policyNumber: string;
  planName: string;
  city: string;
  endDate: string;
  /** staff approve it after the buyer accepts */
  needsApproval: boolean;
}

interface PolicyFacts {
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
interface Content {
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

/** the one-tap rating links of a "resolved" e-mail, score 1 to 5 */
const RATING_LABELS = ["1 Poor", "2 Fair", "3 Good", "4 Very good", "5 Excellent"];

const STATUS_WORDS = {
  assigned: "is now being handled",
  resolved: "has been resolved",
  closed: "has been closed",
} as const;

/**
 * When a caller can expect to hear from us, from the business hours: Monday to Friday
 * 9:00–18:00, Saturday 9:00–16:00, closed on Sunday (India time).
 */
export function callBackPromise(): string {
  return "Our team will call you within one working day. We're available Monday to Friday, 9:00 AM to 6:00 PM, and Saturday, 9:00 AM to 4:00 PM (closed on Sundays and public holidays).";
}

/** Each step of a renewal, told to its holder */
function renewalContent(d: TemplateData["renewal"]): Content {
  const details: [string, string][] = [
    ["Policy", d.policyNumber],
    ["Plan", d.planName],
    ["Amount", formatPaise(d.amount)],
  ];
  if (d.step === "activated" && d.newPurchaseId && d.newStartDate && d.newEndDate) {
    return {
      subject: `Your renewal is active: ${d.newPolicyNumber}`,
      heading: "Your renewed cover is active",
      paragraphs: [
        `Hello ${d.name}, thank you for your payment. Your ${d.planName} cover continues as policy ${d.newPolicyNumber}, from ${formatDate(d.newStartDate)} to ${formatDate(d.newEndDate)}. Its tax invoice is on the policy page.`,
      ],
      details: [...details, ["New policy", d.newPolicyNumber ?? ""]],
      action: { label: "View your renewed policy", path: paths.purchase(d.newPurchaseId) },
    };
  }
  if (d.step === "inspected") {
    const passed = d.inspectionResult === "passed";
    return {
      subject: passed ? `Inspection passed: ${d.policyNumber}` : `Inspection result: ${d.policyNumber}`,
      heading: passed ? "Your home passed its inspection" : "Your home did not pass its inspection",
      paragraphs: passed
        ? [
            `Hello ${d.name}, the inspection visit went well. Once we receive your payment, we activate your renewal.`,
          ]
        : [
            `Hello ${d.name}, at the inspection visit we found items that need repair before the cover can be renewed.`,
            "Once they are repaired, you can ask for a renewal again from the policy page.",
          ],
      ...(d.inspectionNote ? { quote: d.inspectionNote } : {}),
      details,
      action: { label: "View your renewal", path: paths.renewPurchase(d.purchaseId) },
    };
  }
  return {
    subject: `We received your renewal request: ${d.policyNumber}`,
    heading: "We received your renewal request",
    paragraphs: [
      `Hello ${d.name}, thank you for renewing policy ${d.policyNumber} on the ${d.planName} plan.`,
      d.status === "inspection_required"
        ? "As the cover has lapsed, an inspection visit comes first: we will call you to book it."
        : "We will call you to take the payment, and your renewed cover is activated as soon as it is received.",
    ],
    details,
    action: { label: "View your renewal", path: paths.renewPurchase(d.purchaseId) },
  };
}

/** Each step of an online order, told to its buyer */
function orderContent(d: TemplateData["order"]): Content {
  const details: [string, string][] = [
    ["Order", d.reference],
    ["Plan", d.planName],
    ["Amount", `${formatPaise(d.amount)} (${TAX_NOTE.b2c.toLowerCase()})`],
    ["Policy", d.policyNumber],
  ];
  const action = { label: "View your policy", path: paths.purchase(d.purchaseId) };
  if (d.renewal) return renewalOrderContent(d, details, action);
  if (d.step === "confirmed") {
    return {
      subject: `Payment received: your policy ${d.policyNumber} is active`,
      heading: "Your cover is active",
      paragraphs: [
        `Hello ${d.name}, we received your payment of ${formatPaise(d.amount)} for order ${d.reference}. Your ${d.planName} policy is in force from today.`,
        `Your tax invoice${d.invoiceNumber ? ` ${d.invoiceNumber}` : ""} and your certificate are on the policy page.`,
      ],
      details: d.invoiceNumber ? [...details, ["Tax invoice", d.invoiceNumber]] : details,
      action,
    };
  }
  if (d.step === "cancelled" || d.step === "expired") {
    return {
      subject: `Order ${d.reference} ${d.step === "expired" ? "has expired" : "was cancelled"}`,
      heading: d.step === "expired" ? "Your order has expired" : "Your order was cancelled",
      paragraphs: [
        d.step === "expired"
          ? `Hello ${d.name}, we did not receive the payment for order ${d.reference} within ${ORDER_PAYMENT_DAYS} days, so the order and its pending policy are cancelled.`
          : `Hello ${d.name}, order ${d.reference} and its pending policy were cancelled${d.reason ? `: ${d.reason}` : "."}`,
        "If you have paid, reply to this e-mail with the UTR of your payment and we will sort it out. You can place a new order from our plans page at any time.",
      ],
      details,
      action: { label: "See our plans", path: paths.b2c },
    };
  }
  return {
    subject: `Your order ${d.reference}: pay by UPI`,
    heading: "Thank you for your order",
    paragraphs: [
      `Hello ${d.name}, your ${d.planName} policy is reserved as ${d.policyNumber}. Pay ${formatPaise(d.amount)} by UPI from the policy's payment page, quoting ${d.reference}.`,
      `Your cover starts the day your payment is confirmed. An order not paid within ${ORDER_PAYMENT_DAYS} days is cancelled.`,
    ],
    details,
    action: { label: "Pay for your order", path: paths.order(d.orderId) },
  };
}

/**
 * The same steps when the order pays for a renewal: the renewed cover starts when the current
 * one ends, and an unpaid order ends the renewal, never the policy in force.
 */
function renewalOrderContent(
  d: TemplateData["order"],
  details: [string, string][],
  action: { label: string; path: string },
): Content {
  if (d.step === "confirmed") {
    return {
      subject: `Payment received: policy ${d.policyNumber} is renewed`,
      heading: "Your renewal is active",
      paragraphs: [
        `Hello ${d.name}, we received your payment of ${formatPaise(d.amount)} for order ${d.reference}. Your renewed ${d.planName} cover starts the day after your current cover ends.`,
        `The renewed policy, its tax invoice${d.invoiceNumber ? ` ${d.invoiceNumber}` : ""} and its certificate are linked from your policy's page.`,
      ],
      details: d.invoiceNumber ? [...details, ["Tax invoice", d.invoiceNumber]] : details,
      action,
    };
  }
  if (d.step === "cancelled" || d.step === "expired") {
    return {
      subject: `Order ${d.reference} ${d.step === "expired" ? "has expired" : "was cancelled"}`,
      heading: d.step === "expired" ? "Your renewal order has expired" : "Your renewal order was cancelled",
      paragraphs: [
        d.step === "expired"
          ? `Hello ${d.name}, we did not receive the payment for order ${d.reference} within ${ORDER_PAYMENT_DAYS} days, so the renewal is cancelled.`
          : `Hello ${d.name}, order ${d.reference} and its renewal were cancelled${d.reason ? `: ${d.reason}` : "."}`,
        `Your current policy ${d.policyNumber} is not affected, and you can ask to renew it again. If you have paid, reply to this e-mail with the UTR of your payment and we will sort it out.`,
      ],
      details,
      action: { label: "View your policy", path: paths.purchase(d.purchaseId) },
    };
  }
  return {
    subject: `Your renewal order ${d.reference}: pay by UPI`,
    heading: "Thank you for renewing",
    paragraphs: [
      `Hello ${d.name}, pay ${formatPaise(d.amount)} by UPI to renew policy ${d.policyNumber} on the ${d.planName} plan, quoting ${d.reference}.`,
      `Your renewed cover starts the day after your current cover ends. A renewal not paid within ${ORDER_PAYMENT_DAYS} days is cancelled; your current cover is not affected.`,
    ],
    details,
    action: { label: "Pay for your renewal", path: paths.order(d.orderId) },
  };
}

const policyDetails = (p: PolicyFacts): [string, string][] => [
  ["Policy number", p.policyNumber],
  ["Plan", p.planName],
  ["Cover", `${formatDate(p.startDate)} to ${formatDate(p.endDate)}`],
  ["Amount", formatPaise(p.totalAmount)],
];

const transferDetails = (d: TransferFacts): [string, string][] => [
  ["Policy number", d.policyNumber],
  ["Plan", d.planName],
  ["Cover until", formatDate(d.endDate)],
];

const CONTENT: { [K in TemplateName]: (d: TemplateData[K]) => Content } = {
  password_reset: (d) => ({
    subject: "Reset your password",
    heading: "Reset your password",
    paragraphs: [
      `Hello ${d.name}, we received a request to reset the password of your account.`,
      `The link below works once and for ${d.minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    ],
    action: { label: "Choose a new password", path: `/reset-password#token=${d.token}` },
  }),
  email_confirm: (d) => ({
    subject: d.change ? "Confirm your new e-mail address" : "Confirm your e-mail address",
    heading: d.change ? "Confirm your new e-mail address" : "Confirm your e-mail address",
    paragraphs: [
      d.change
        ? `Hello ${d.name}, you asked to use this address for your account (username ${d.username}). It takes effect when you open the link below.`
        : `Hello ${d.name}, please confirm that this address is yours, for your account (username ${d.username}). Your account works already; a home a partner registers for you, or a warranty a seller hands over to you, waits for this confirmation.`,
      `The link works once and for ${d.hours} hours. If you did not ask for it, you can ignore this e-mail.`,
    ],
    action: { label: "Confirm this address", path: `${paths.confirmEmail}#token=${d.token}` },
  }),
  email_changed: (d) => ({
    subject: "The e-mail address of your account was changed",
    heading: "Your e-mail address was changed",
    paragraphs: [
      `Hello ${d.name}, the e-mail address of your account was changed from ${d.oldEmail} to ${d.newEmail}.`,
      "If you did not make this change, please call or write to us at once.",
    ],
    action: { label: "Go to your dashboard", path: paths.dashboard },
  }),
  password_changed: (d) => ({
    subject: "Your password was changed",
    heading: "Your password was changed",
    paragraphs: [
      `Hello ${d.name}, the password of your account was just changed and your other devices were signed out.`,
      "If you did not make this change, please call or write to us at once.",
    ],
    action: { label: "Sign in", path: paths.auth },
  }),
  welcome: (d) => ({
    subject: `Welcome to ${COMPANY.name}`,
    heading: "Welcome aboard",
    paragraphs: [
      `Hello ${d.name}, your account (username ${d.username}) is ready.`,
      "From your dashboard you can see your policies, raise a support ticket and follow its progress.",
    ],
    action: { label: "Open your dashboard", path: paths.dashboard },
  }),
  ticket_received: (d) => ({
    subject: `We received your ticket #${d.ticketId}: ${d.subject}`,
    heading: "We received your ticket",
    paragraphs: [
      `Hello ${d.name}, thank you for writing to us. Your ticket #${d.ticketId} "${d.subject}" is with our support team, and we will reply on the ticket page.`,
    ],
    action: { label: "View your ticket", path: paths.ticket(d.ticketId) },
  }),
  ticket_reply: (d) => ({
    subject: `New reply on your ticket #${d.ticketId}: ${d.subject}`,
    heading: "We replied to your ticket",
    paragraphs: [`Hello ${d.name}, ${d.from} replied to your ticket #${d.ticketId} "${d.subject}":`],
    quote: d.body,
    action: { label: "Read and reply", path: paths.ticket(d.ticketId) },
  }),
  ticket_status: (d) => ({
    subject: `Your ticket #${d.ticketId} ${STATUS_WORDS[d.change]}`,
    heading: `Your ticket ${STATUS_WORDS[d.change]}`,
    paragraphs: [
      `Hello ${d.name}, your ticket #${d.ticketId} "${d.subject}" ${STATUS_WORDS[d.change]}${
        d.change === "assigned" && d.assignee ? ` by ${d.assignee}` : ""
      }.`,
      d.change === "resolved"
        ? "If anything is still not right, reply on the ticket page and we will look again."
        : d.change === "closed"
          ? "If you need more help, you can raise a new ticket from your dashboard."
          : "We will keep you posted here and on the ticket page.",
    ],
    action: { label: "View your ticket", path: paths.ticket(d.ticketId) },
  }),
  policy_issued: (d) => ({
    subject: `Your policy ${d.policyNumber} has been issued`,
    heading: "Your policy has been issued",
    paragraphs: [
      `Hello ${d.name}, your ${d.planName} policy has been issued. Its cover starts on ${formatDate(d.startDate)}.`,
    ],
    details: policyDetails(d),
    action: { label: "View your policy", path: paths.purchase(d.purchaseId) },
  }),
  policy_activated: (d) => ({
    subject: `Your policy ${d.policyNumber} is now active`,
    heading: "Your cover is active",
    paragraphs: [
      `Hello ${d.name}, your ${d.planName} policy is now active. You can raise a support ticket on it at any time from your dashboard.`,
    ],
    details: policyDetails(d),
    action: { label: "View your policy", path: paths.purchase(d.purchaseId) },
  }),
  policy_reminder: (d) => ({
    subject: `Your policy ${d.policyNumber} ends in ${d.days} days`,
    heading: `Your cover ends in ${d.days} days`,
    paragraphs: [
      `Hello ${d.name}, your ${d.planName} policy ends on ${formatDate(d.endDate)}. Renew it now, on the same plan or a higher one, so that your interiors stay covered.`,
    ],
    details: policyDetails(d),
    action: { label: "Renew your policy", path: paths.renewPurchase(d.purchaseId) },
  }),
  renewal: (d) => renewalContent(d),
  staff_renewal_requested: (d) => ({
    subject: `Renewal requested: ${d.policyNumber}`,
    heading: "A customer asked to renew",
    paragraphs: [
      `${d.customer} asked to renew policy ${d.policyNumber} on the ${d.planName} plan (${formatPaise(d.amount)}).`,
      d.status === "inspection_required"
        ? "The policy has lapsed: book an inspection visit and record its result before taking payment."
        : "Take the payment and activate the renewal with its reference.",
    ],
    action: { label: "Open the renewals", path: paths.adminRenewals },
  }),
  order: (d) => orderContent(d),
  staff_order_payment: (d) => ({
    subject: `Payment reported: order ${d.reference}`,
    heading: "A buyer reported a UPI payment",
    paragraphs: [
      `${d.customer} reported paying ${formatPaise(d.amount)} for order ${d.reference} (${d.planName} Plan) with UTR ${d.utr}.`,
      "Check the credit in the bank account, then confirm the order: its policy comes into force and its tax invoice is issued.",
    ],
    action: { label: "Open the orders", path: paths.adminOrders },
  }),
  staff_new_enquiry: (d) => ({
    subject: `New enquiry from ${d.name}`,
    heading: "A new enquiry",
    paragraphs: ["A visitor sent the contact form. Please call them back within one working day."],
    details: [
      ["Name", d.name],
      ["E-mail", d.email],
      ["Phone", d.phone],
      ["Interest", d.interest],
    ],
    quote: d.message,
    action: { label: "Open the enquiries", path: paths.adminEnquiries },
  }),
  staff_new_ticket: (d) => ({
    subject: `New ticket #${d.ticketId}: ${d.subject}`,
    heading: "A new support ticket",
    paragraphs: [`${d.customer} raised ticket #${d.ticketId} on policy ${d.policyNumber}.`],
    details: [
      ["Subject", d.subject],
      ["Priority", d.priority],
    ],
    action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
  }),
  staff_customer_reply: (d) => ({
    subject: `Customer reply on ticket #${d.ticketId}: ${d.subject}`,
    heading: "The customer replied",
    paragraphs: [`${d.customer} replied on ticket #${d.ticketId} "${d.subject}":`],
    quote: d.body,
    action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
  }),
  staff_ticket_assigned: (d) => ({
    subject: `Ticket #${d.ticketId} assigned to you: ${d.subject}`,
    heading: "A ticket is yours",
    paragraphs: [
      `${d.by} assigned ticket #${d.ticketId} "${d.subject}" (${d.priority} priority) from ${d.customer} to you.`,
      "Open it to read the claim and arrange a visit from your free slots.",
    ],
    action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
  }),
  staff_visit_change_requested: (d) => ({
    subject: `Another visit time asked for on ticket #${d.ticketId}: ${d.subject}`,
    heading: "The customer asked for another time",
    paragraphs: [
      `${d.customer} cannot take the visit offered for ticket #${d.ticketId} "${d.subject}", ${formatVisitSlot(d.startsAt, d.endsAt)}, and wrote:`,
    ],
    quote: d.note,
    action: { label: "Propose a new time", path: paths.adminTicket(d.ticketId) },
  }),
  staff_sla_warning: (d) => ({
    subject: `${d.overdue ? "Overdue" : "Due soon"}: ticket #${d.ticketId} ${d.target} by ${d.due}`,
    heading: d.overdue ? `The ${d.target} is overdue` : `The ${d.target} is due soon`,
    paragraphs: [
      d.overdue
        ? `Ticket #${d.ticketId} "${d.subject}" passed its ${d.target} target at ${d.due}.`
        : `Ticket #${d.ticketId} "${d.subject}" has used three quarters of its ${d.target} target, due ${d.due} (business hours).`,
    ],
    action: { label: "Open the ticket", path: paths.adminTicket(d.ticketId) },
  }),
  enquiry_ack: (d) => ({
    subject: "We received your message",
    heading: "Thank you for getting in touch",
    paragraphs: [`Hello ${d.name}, thank you for your message about ${d.interest}.`, callBackPromise()],
    action: { label: "Read our FAQs", path: paths.faqs },
  }),
  news: (d) => ({
    subject: d.subject,
    heading: d.subject,
    // staff write plain text: a blank line starts a paragraph, a single line break is kept as a space
    paragraphs: [
      `Hello ${d.name},`,
      ...d.text
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
        .filter(Boolean),
    ],
    action: { label: "Visit our website", path: paths.home },
  }),
  visit_proposed: (d) => ({
    subject: `${d.changed ? "A new time for" : "A technician visit for"} your ticket #${d.ticketId}`,
    heading: d.changed ? "A new time for our technician's visit" : "Our technician would like to visit",
    paragraphs: [
      `Hello ${d.name}, for your ticket #${d.ticketId} "${d.subject}" our technician can come on ${formatVisitSlot(d.startsAt, d.endsAt)}.`,
      "Please confirm the time, or ask for another one if it does not suit you. The invitation is attached for your calendar.",
    ],
    details: [["When", formatVisitSlot(d.startsAt, d.endsAt)]],
    action: { label: "Confirm this time", path: `${paths.visitAnswer}?token=${d.token}&action=confirm` },
    secondary: { label: "Ask for another time", path: `${paths.visitAnswer}?token=${d.token}&action=change` },
    calendar: d.calendar,
  }),
  visit_outcome: (d) => ({
    subject: `Visit outcome for your ticket #${d.ticketId}: ${d.outcome}`,
    heading: `After our visit: ${d.outcome}`,
    paragraphs: [
      `Hello ${d.name}, ${d.by} recorded what came of the visit for your ticket #${d.ticketId} "${d.subject}":`,
    ],
    quote: d.notes,
    action: { label: "See the photos and reply", path: paths.ticket(d.ticketId) },
  }),
  transfer_invite: (d) => ({
    subject: `${d.sellerFirstName} is transferring a home warranty to you`,
    heading: "A home warranty is being transferred to you",
    paragraphs: [
      `Hello ${d.name}, ${d.sellerFirstName} is handing over the ${d.planName} warranty of the home in ${d.city} to you as its new owner. The cover runs to ${formatDate(d.endDate)}.`,
      `To accept, open the link below and sign in, or create an account, with this e-mail address. The link works once and for ${d.days} days.${
        d.needsApproval ? " Our team then checks the transfer before the policy is yours." : ""
      }`,
      "If you are not buying this home, you can ignore this e-mail.",
    ],
    details: transferDetails(d),
    action: {
      label: "Accept the warranty",
      path: `${paths.transfer}#token=${d.token}${d.email ? `&email=${encodeURIComponent(d.email)}` : ""}`,
    },
  }),
  partner_invitation: (d) => ({
    subject: `You are invited to ${d.partnerName}'s partner account`,
    heading: `Join ${d.partnerName}`,
    paragraphs: [
      `Hello ${d.name}, you have been added to ${d.partnerName}'s partner account with Home Interior Project Warranty Solutions, as ${d.role === "owner" ? "an owner: you register handovers and manage who else can" : "a member: you register the homes your team hands over"}.`,
      d.token
        ? `Open the link below to choose your password. It works once and for ${d.days} days; after that, use "Forgot password" on the sign-in page.`
        : "Sign in with your existing account to start.",
      ...(d.username
        ? [`Your username is ${d.username}; you can also sign in with this e-mail address.`]
        : []),
    ],
    action: d.token
      ? { label: "Choose your password", path: `/reset-password#token=${d.token}` }
      : { label: "Sign in", path: paths.auth },
  }),
  partner_handover: (d) => {
    const others = d.otherPolicies ?? [];
    // the wording for one home, or for several registered at once
    const oneOr = <T,>(one: T, several: T) => (others.length === 0 ? one : several);
    const policy = oneOr("policy", "policies");
    return {
      subject: oneOr(
        `${d.partnerName} registered your home's warranty: ${d.policyNumber}`,
        `${d.partnerName} registered ${others.length + 1} homes' warranties: ${d.policyNumber} and ${others.length} more`,
      ),
      heading: oneOr("Your home's warranty is registered", "Your homes' warranties are registered"),
      paragraphs: [
        `Hello ${d.name}, ${d.partnerName} registered the interiors of your home in ${d.city} for a ${d.planName} warranty, from ${formatDate(d.startDate)} to ${formatDate(d.endDate)}. Claims come to our service team.`,
        ...oneOr(
          [],
          [
            `${d.partnerName} also registered ${others.map((o) => `your home in ${o.city} (${o.planName}, policy ${o.policyNumber})`).join(", ")}.`,
          ],
        ),
        d.pending
          ? oneOr(
              "The policy is pending: we will write to you again when it is active.",
              "The policies are pending: we will write to you again when they are active.",
            )
          : oneOr(
              "The policy is active, and its certificate is on your dashboard.",
              "The policies are active, and their certificates are on your dashboard.",
            ),
        d.token
          ? `Open the link below to choose a password for your account, where the ${policy} ${oneOr("is", "are")} already yours. The link works once and for ${d.days} days; after that, use "Forgot password" on the sign-in page.`
          : d.awaiting
            ? `Sign in to your account and accept the ${policy} on your dashboard: until you do, ${oneOr("it waits", "they wait")} for you there. If you have not confirmed this e-mail address yet, your profile sends you the link to do so first.`
            : `Sign in with your existing account: the ${policy} ${oneOr("is", "are")} already in it.`,
        ...(d.username
          ? [`Your username is ${d.username}; you can also sign in with this e-mail address.`]
          : []),
        // the homeowner gave these details to the partner, not to us: this is where they first
        // learn who holds them, what for, and their rights over them
        `${d.partnerName} gave us your name, e-mail address, phone number and ${oneOr("your home's address so that we can hold and service this warranty", "your homes' addresses so that we can hold and service these warranties")}, and we use them only for that. Our Privacy Notice says how long we keep them and how to see, correct or erase them.`,
      ],
      details: [
        ["Policy number", d.policyNumber],
        ["Plan", d.planName],
        ["Cover", `${formatDate(d.startDate)} to ${formatDate(d.endDate)}`],
        ...others.map((o): [string, string] => [
          "Also registered",
          `${o.policyNumber} · ${o.planName} · ${o.city}`,
        ]),
      ],
      action: d.token
        ? { label: "Choose your password", path: `/reset-password#token=${d.token}` }
        : d.awaiting
          ? { label: oneOr("Accept your policy", "Accept your policies"), path: paths.dashboard }
          : oneOr(
              { label: "View your policy", path: paths.purchase(d.purchaseId) },
              { label: "View your policies", path: paths.dashboard },
            ),
      secondary: { label: "Read our Privacy Notice", path: paths.privacy },
    };
  },
  transfer_accepted: (d) => ({
    subject: `Transfer of policy ${d.policyNumber} accepted`,
    heading: "The transfer was accepted",
    paragraphs: [
      d.role === "buyer"
        ? `Hello ${d.name}, thank you for accepting the warranty of the home in ${d.city}.`
        : `Hello ${d.name}, the buyer accepted the transfer of your policy ${d.policyNumber}.`,
      "Our team checks every transfer of this plan and will write to you both once it is approved, usually within one working day.",
    ],
    details: transferDetails(d),
    action:
      d.role === "buyer"
        ? { label: "Open your dashboard", path: paths.dashboard }
        : { label: "View your policy", path: paths.purchase(d.purchaseId) },
  }),
  transfer_completed: (d) => ({
    subject: `Policy ${d.policyNumber} has moved to the new owner`,
    heading: d.role === "buyer" ? "The warranty is now yours" : "Your policy has been transferred",
    paragraphs: [
      d.role === "buyer"
        ? `Hello ${d.name}, the ${d.planName} policy of the home in ${d.city} is now in your name, with the same cover to ${formatDate(d.endDate)}. Its certificate has been reissued to you, and you can raise a support ticket on it from your dashboard.`
        : `Hello ${d.name}, your policy ${d.policyNumber} is now in the new owner's name. Your past support tickets stay in your dashboard to read.`,
    ],
    details: transferDetails(d),
    action:
      d.role === "buyer"
        ? { label: "View your policy", path: paths.purchase(d.purchaseId) }
        : { label: "Open your dashboard", path: paths.dashboard },
  }),
  transfer_cancelled: (d) => ({
    subject: `The transfer of policy ${d.policyNumber} was cancelled`,
    heading: "The transfer was cancelled",
    paragraphs: [
      `Hello ${d.name}, the seller cancelled the transfer of the warranty of the home in ${d.city}, so the link we sent you no longer works.`,
      "If you think this is a mistake, please talk to the seller, or call us.",
    ],
    details: transferDetails(d),
  }),
  transfer_declined: (d) => ({
    subject: `The transfer of policy ${d.policyNumber} was not approved`,
    heading: "The transfer was not approved",
    paragraphs: [
      d.role === "buyer"
        ? `Hello ${d.name}, our team could not approve the transfer of the warranty of the home in ${d.city} to you.`
        : `Hello ${d.name}, our team could not approve the transfer of your policy ${d.policyNumber}: it stays in your name.`,
      "Please call or write to us and we will tell you why and what can be done.",
    ],
    details: transferDetails(d),
  }),
};

const styles = {
  body: {
    backgroundColor: "#f4f4f5",
    fontFamily: "Arial, Helvetica, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: 8,
    maxWidth: 560,
    padding: "24px",
    margin: "0 auto",
  },
  brand: { color: "#0f5f54", fontSize: 16, fontWeight: 700, margin: 0 },
  heading: { color: "#18181b", fontSize: 22, margin: "16px 0 8px" },
  text: { color: "#27272a", fontSize: 15, lineHeight: "24px" },
  quote: {
    borderLeft: "3px solid #d4d4d8",
    color: "#3f3f46",
    fontSize: 15,
    lineHeight: "24px",
    margin: "12px 0",
    padding: "4px 12px",
    whiteSpace: "pre-wrap" as const,
  },
  label: { color: "#71717a", fontSize: 13, margin: 0 },
  value: { color: "#18181b", fontSize: 15, margin: "0 0 8px" },
  button: {
    backgroundColor: "#0f5f54",
    borderRadius: 6,
    color: "#ffffff",
    display: "inline-block",
    fontSize: 15,
    fontWeight: 700,
    padding: "12px 20px",
    textDecoration: "none",
  },
  footer: { color: "#71717a", fontSize: 12, lineHeight: "18px" },
  rate: {
    border: "1px solid #0f5f54",
    borderRadius: 6,
    color: "#0f5f54",
    display: "inline-block",
    fontSize: 14,
    fontWeight: 700,
    margin: "0 6px 8px 0",
    padding: "8px 12px",
    textDecoration: "none",
  },
};

function EmailLayout({
  content,
  origin,
  unsubscribeUrl,
  ratingUrls,
  partner,
}: {
  content: Content;
  origin: string;
  unsubscribeUrl?: string;
  ratingUrls?: string[];
  /** about a partner's policy: the partner's logo and name head the e-mail, with the white-label line */
  partner?: PartnerBrand;
}) {
  const url = content.action ? `${origin}${content.action.path}` : undefined;
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.heading}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {partner ? (
            <Section>
              {partner.logoUrl ? (
                <Img
                  src={`${origin}${partner.logoUrl}`}
                  alt={partner.name}
                  height={48}
                  style={{ height: 48, width: "auto", maxWidth: 200 }}
                />
              ) : null}
              <Text style={styles.brand}>{partner.name}</Text>
              <Text style={styles.footer}>{partner.line}</Text>
            </Section>
          ) : (
            <Text style={styles.brand}>{COMPANY.name}</Text>
          )}
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((p) => (
            <Text key={p} style={styles.text}>
              {p}
            </Text>
          ))}
          {content.quote ? <Text style={styles.quote}>{content.quote}</Text> : null}
          {content.details ? (
            <Section>
              {content.details.map(([label, value]) => (
                <div key={label}>
                  <Text style={styles.label}>{label}</Text>
                  <Text style={styles.value}>{value}</Text>
                </div>
              ))}
            </Section>
          ) : null}
          {ratingUrls?.length === 5 ? (
            <Section style={{ margin: "20px 0 4px" }}>
              <Text style={{ ...styles.text, fontWeight: 700, margin: "0 0 8px" }}>
                How did we do? Tap a score to rate the resolution:
              </Text>
              {ratingUrls.map((href, i) => (
                <Link key={href} href={href} style={styles.rate}>
                  {RATING_LABELS[i]}
                </Link>
              ))}
              <Text style={styles.footer}>You can add a comment on the next page. No sign-in needed.</Text>
            </Section>
          ) : null}
          {url && content.action ? (
            <Section style={{ margin: "20px 0" }}>
              <Button href={url} style={styles.button}>
                {content.action.label}
              </Button>
              {/* the plain text already gives the button's address on a line of its own */}
              <Text style={styles.footer} data-skip-in-text="true">
                Or open this address: <Link href={url}>{url}</Link>
              </Text>
              {content.secondary ? (
                <Text style={styles.text}>
                  <Link href={`${origin}${content.secondary.path}`}>{content.secondary.label}</Link>
                </Text>
              ) : null}
            </Section>
          ) : null}
          <Hr />
          <Text style={styles.footer}>
            {COMPANY.name} · {COMPANY.address.city}, {COMPANY.address.state}
            <br />
            Phone {COMPANY.phones[0]} · <Link href={`mailto:${COMPANY.emails[0]}`}>{COMPANY.emails[0]}</Link>
            <br />
            {COMPANY.hours
              .filter((h) => h.time !== "Closed")
              .map((h) => `${h.days} ${h.time}`)
              .join(" · ")}
          </Text>
          {unsubscribeUrl ? (
            <Text style={styles.footer}>
              You receive reminders and news because you agreed to them.{" "}
              <Link href={unsubscribeUrl}>Unsubscribe with one click</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** an invitation the mailer sends as the e-mail's text/calendar part */
  calendar?: string;
}

const brandByName = (name: string): PartnerBrand => ({ name, logoUrl: null, line: whiteLabelLine(name) });

/** the parts of the plain-text converter's formatter arguments used here (it ships no types) */
interface TextNode {
  type?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: TextNode[];
}
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  addInline(text: string, options: { noWordTransform: boolean }): void;
}

/**
 * A web link in the plain text: its words on one line and its address alone on the next.
 * Run into the sentence, a row of links (the five rating scores) reads as one long line that
 * mail programs cut or join wrongly (`…score=12 Fair http://…`), and a full stop after an
 * address becomes part of it. Other links (mailto) keep only their words.
 */
const linkOnItsOwnLine = (
  elem: TextNode,
  walk: (nodes: TextNode[] | undefined, builder: TextBuilder) => void,
  builder: TextBuilder,
) => {
  const href = elem.attribs?.href ?? "";
  if (!/^https?:\/\//.test(href)) {
    walk(elem.children, builder);
    return;
  }
  const words =
    elem.children?.length === 1 && elem.children[0].type === "text" ? elem.children[0].data : null;
  if (words?.trim() !== href) {
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  }
  builder.openBlock({ leadingLineBreaks: 1 });
  builder.addInline(href, { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const PLAIN_TEXT_OPTIONS = {
  formatters: { linkOnItsOwnLine },
  selectors: [{ selector: "a", format: "linkOnItsOwnLine" }],
};

/** the doctype React Email's render() puts first, which e-mail clients expect */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The e-mail `template` says with `data`: HTML and plain text, links on `origin`. */
export async function renderEmail<K extends TemplateName>(
  template: K,
  data: TemplateData[K],
  options: { origin: string; unsubscribeUrl?: string; ratingUrls?: string[]; partner?: PartnerBrand },
): Promise<RenderedEmail> {
  const make = CONTENT[template] as (d: TemplateData[K]) => Content;
  if (!make) throw new Error(`Unknown e-mail template ${template}`);
  const content = make(data);
  const element = (
    <EmailLayout
      content={content}
      origin={options.origin}
      unsubscribeUrl={options.unsubscribeUrl}
      ratingUrls={options.ratingUrls}
      partner={
        options.partner ??
        // a handover names its partner even should the look-up find none
        (template === "partner_handover"
          ? brandByName((data as TemplateData["partner_handover"]).partnerName)
          : undefined)
      }
    />
  );
  // rendered once, synchronously: the templates have nothing to wait for, and React Email's
  // render() streams through web streams and Suspense for the same markup at several times
  // the cost (rendering was most of the time an e-mail took from the queue to the SMTP server).
  // The plain text is made from that HTML rather than by rendering again.
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  const text = toPlainText(html, PLAIN_TEXT_OPTIONS);
  return {
    subject: content.subject,
    html,
    text,
    ...(content.calendar ? { calendar: content.calendar } : {}),
  };
}
