import { formatPaise } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import { TAX_NOTE } from "../../../../shared/pricing.ts";
import { ORDER_PAYMENT_DAYS } from "../../../../shared/schemas/order.ts";
import type { Content, TemplateData } from "./types.ts";

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
      action,
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

export const order = (d: TemplateData["order"]): Content => orderContent(d);
