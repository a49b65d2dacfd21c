/**
 * The arithmetic of a GST tax invoice, kept apart from the database so each rule can be
 * checked on its own: the financial year and the invoice number, the place of supply, the
 * tax split and the amount in words.
 */

/**
 * SAC 998724, "repair services of furniture" (group 99872, repair of other goods). What a
 * policy sells is the repair and upkeep of modular kitchens, wardrobes, cabinets and their
 * hinges, channels and laminates: furniture fitted in the home. 998718 is the repair of
 * commercial and industrial machinery, which none of the covered items are, and the
 * insurance headings do not apply because the company repairs the items itself rather than
 * paying out a sum insured.
 */
export const SAC_CODE = "998724";
export const SERVICE_DESCRIPTION = "Warranty and repair services for home interiors (furniture)";

/**
 * Invoice numbers are at most 16 characters, of letters, digits, "-" and "/" (rule 46(b) of
 * the CGST Rules), serial within a financial year: HIP/26-27/000123 is exactly 16, and six
 * digits allow a million invoices a year.
 */
export const INVOICE_PREFIX = "HIP";

/** India's financial year (April to March) of a calendar day in India: 2026-05-01 → "26-27". */
export function financialYear(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = month >= 4 ? year : year - 1;
  return `${String(first % 100).padStart(2, "0")}-${String((first + 1) % 100).padStart(2, "0")}`;
}

export function invoiceNumber(fy: string, serial: number): string {
  return `${INVOICE_PREFIX}/${fy}/${String(serial).padStart(6, "0")}`;
}

/**
 * Credit notes are a series of their own, under the same 16-character rule: "HIP/CN/26-27/"
 * would leave three digits, so the series is named by "CN" alone: CN/26-27/000001 is 15
 * characters and, like invoices, allows a million a year.
 */
export const CREDIT_NOTE_PREFIX = "CN";

export function creditNoteNumber(fy: string, serial: number): string {
  return `${CREDIT_NOTE_PREFIX}/${fy}/${String(serial).padStart(6, "0")}`;
}

/**
 * Repair of items fitted in a home is a service "directly in relation to immovable
 * property", so the place of supply is where the home is (section 12(3) of the IGST Act),
 * not where the customer lives: the policy's property decides between CGST + SGST and IGST.
 *
 * The PIN code decides when there is one: Tamil Nadu's run from 600 to 643, except
 * Puducherry's own (605001–605014, 605101–605110 around Puducherry town and 609601–609609
 * for Karaikal), which fall inside that range but are another state for GST. Without a PIN
 * code, the state written on the policy decides.
 */
export function isTamilNadu(pincode: string | null | undefined, state: string): boolean {
  const pin = pincode?.replace(/\s+/g, "");
  if (pin && /^\d{6}$/.test(pin)) {
    const n = Number(pin);
    if ((n >= 605001 && n <= 605014) || (n >= 605101 && n <= 605110) || (n >= 609601 && n <= 609609))
      return false;
    return n >= 600000 && n <= 643999;
  }
  return /^\s*tamil\s*nadu\s*$/i.test(state) || /^\s*TN\s*$/i.test(state);
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0–99 in words: "Forty-Five" */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : TENS[Math.floor(n / 10)];
}

/** 0–999 in words */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""]
    .filter(Boolean)
    .join(" ");
}

/**
 * A whole number in words in the Indian way: crore (10⁷), lakh (10⁵), thousand, hundred.
 * 4599999 → "Forty-Five Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine". Crores above
 * 99 are themselves said in lakhs and thousands ("One Lakh Crore").
 */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianNumberInWords(crore)} Crore` : "",
    lakh ? `${belowHundred(lakh)} Lakh` : "",
    thousand ? `${belowHundred(thousand)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** 4599900 paise → "Rupees Forty-Five Thousand Nine Hundred Ninety-Nine only"; paise are named when there are any. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${indianNumberInWords(rupees)}`;
  return rest ? `${words} and ${belowHundred(rest)} Paise only` : `${words} only`;
}

/** GST state codes (the first two characters of a GSTIN) and their states, for the place of supply */
const GST_STATES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
};

/**
 * The place of supply of a partner's programme fee. What a partner buys is a service to its
 * business, not one "in relation to" a particular home (the homes are its customers'), so
 * the general rule applies (section 12(2) of the IGST Act): a registered recipient's place
 * is the state of its GSTIN; without one, its address, read by its PIN code (or the words
 * "Tamil Nadu") as for a policy's property.
 */
export function partnerPlaceOfSupply(
  gstin: string | null,
  address: string,
): { intraState: boolean; placeOfSupply: string } {
  if (gstin) {
    const code = gstin.slice(0, 2);
    return { intraState: code === "33", placeOfSupply: `${GST_STATES[code] ?? "State"} (${code})` };
  }
  const pins = [...address.matchAll(/\b(\d{3})\s?(\d{3})\b/g)];
  const pin = pins.length ? `${pins[pins.length - 1][1]}${pins[pins.length - 1][2]}` : null;
  const intraState = isTamilNadu(pin, /tamil\s*nadu/i.test(address) ? "Tamil Nadu" : "");
  return { intraState, placeOfSupply: intraState ? "Tamil Nadu (33)" : "Outside Tamil Nadu" };
}
