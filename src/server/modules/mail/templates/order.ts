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

export const order = (d: TemplateData["order"]): Content => orderContent(d);
