import { COMPANY } from "../../../web/lib/company.ts";

/**
 * How an order is paid. UPI is the only method today: the buyer's own app pays the
 * business's UPI address, and staff (or the bank statement) confirm the money arrived. A
 * card gateway would be a second method behind the same two questions: how to ask the
 * buyer to pay, and which reference proves a payment.
 */
export interface PaymentMethod {
  id: "upi";
  /** what the buyer's page needs to pay this order (for UPI, the payment link) */
  paymentLink(order: { reference: string; amount: number; planName: string }): string;
  /** whether a reference the buyer or a bank gives is this method's proof of payment */
  isPaymentReference(value: string): boolean;
}

/**
 * A UPI payment link by the NPCI linking format: `upi://pay?` and its parameters, each
 * percent-encoded (a space as %20: UPI apps do not all read "+" as a space). `pa` the
 * payee's address, `pn` the payee's name, `am` the amount in rupees with two decimals,
 * `cu` always INR, `tr` the order's reference (the bank shows it beside the credit) and
 * `tn` a note the payer's app shows.
 */
export function upiLink(params: { pa: string; pn: string; am: number; tr: string; tn: string }): string {
  const query = [
    ["pa", params.pa],
    ["pn", params.pn],
    ["am", (params.am / 100).toFixed(2)],
    ["cu", "INR"],
    ["tr", params.tr],
    ["tn", params.tn],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
  return `upi://pay?${query}`;
}

/** UPI paid to `vpa` (UPI_VPA) */
export function upiMethod(vpa: string): PaymentMethod {
  return {
    id: "upi",
    paymentLink: (order) =>
      upiLink({
        pa: vpa,
        pn: COMPANY.name,
        am: order.amount,
        tr: order.reference,
        tn: `${order.planName} Plan ${order.reference}`,
      }),
    isPaymentReference: (value) => /^\d{12}$/.test(value),
  };
}
