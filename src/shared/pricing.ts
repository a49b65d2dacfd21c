/**
 * The one price rule, for the pages, the server and its invoices alike.
 *
 * Homeowner (B2C) prices are final prices, GST included, as consumer prices in India are
 * shown: the price is what the buyer pays, and the tax is worked back out of it. Partner
 * (B2B) prices are before GST, as business prices are quoted: GST is added on the tax
 * invoice. Either way the tax is computed as one half (CGST, or SGST), rounded to the
 * paisa once, and doubled, so that CGST and SGST are always equal and IGST is the same tax
 * in one line. Amounts are integer paise.
 */

/** who a price is for: homeowners (GST included) or partners (GST added) */
export type PriceAudience = "b2c" | "b2b";

/** what a price shown to each audience includes, said beside every price */
export const TAX_NOTE: Record<PriceAudience, string> = {
  b2c: "Price includes GST",
  b2b: "plus GST",
};

export interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

function split(taxable: number, half: number, intraState: boolean): TaxSplit {
  const tax = half * 2;
  return intraState
    ? { taxable, cgst: half, sgst: half, igst: 0, total: taxable + tax }
    : { taxable, cgst: 0, sgst: 0, igst: tax, total: taxable + tax };
}

/** A price that includes GST (homeowners'): the total stays the price, the taxable value is what is left. */
export function splitInclusive(totalPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const half = Math.round((totalPaise * ratePercent) / (2 * (100 + ratePercent)));
  return split(totalPaise - half * 2, half, intraState);
}

/** A price before GST (partners'): the price is the taxable value and GST is added. */
export function splitExclusive(taxablePaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const half = Math.round((taxablePaise * ratePercent) / 200);
  return split(taxablePaise, half, intraState);
}

/** A price of either audience split into taxable value and tax. */
export function splitPrice(
  audience: PriceAudience,
  paise: number,
  ratePercent: number,
  intraState: boolean,
): TaxSplit {
  return audience === "b2c"
    ? splitInclusive(paise, ratePercent, intraState)
    : splitExclusive(paise, ratePercent, intraState);
}

/** What a homeowner pays for a plan, in paise: its price (whole rupees, GST included). */
export function planPricePaise(plan: { price: number }): number {
  return plan.price * 100;
}
