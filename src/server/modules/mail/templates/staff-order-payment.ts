import { formatPaise } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffOrderPayment = (d: TemplateData["staff_order_payment"]): Content => ({
  subject: `Payment reported: order ${d.reference}`,
  heading: "A buyer reported a UPI payment",
  paragraphs: [
    `${d.customer} reported paying ${formatPaise(d.amount)} for order ${d.reference} (${d.planName} Plan) with UTR ${d.utr}.`,
    "Check the credit in the bank account, then confirm the order: its policy comes into force and its tax invoice is issued.",
  ],
  action: { label: "Open the orders", path: paths.adminOrders },
});
