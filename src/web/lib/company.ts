/**
 * The company's public details, in one place for the contact page, the footer, the chat
 * assistant and the structured data that search engines read.
 */
export const COMPANY = {
  name: "Home Interior Project Warranty Solutions",
  shortName: "HIPWS",
  tagline: "Up to 10 years of cover for the interiors you live with every day.",
  address: {
    street: "4th Floor, Prestige Palladium, 129 Greams Road",
    locality: "Thousand Lights",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600006",
    country: "IN",
  },
  phones: ["+91 44 4850 2200", "+91 98400 61234"],
  emails: ["support@hipwarranty.in", "partners@hipwarranty.in"],
  hours: [
    { days: "Monday – Friday", time: "9:00 AM – 6:00 PM" },
    { days: "Saturday", time: "9:00 AM – 4:00 PM" },
    { days: "Sunday & public holidays", time: "Closed" },
  ],
  /** the hours in a few words, beside a phone number */
  shortHours: "Mon–Fri 9–6, Sat 9–4",
} as const;

/**
 * What a customer reads when a form could not be sent because of us: the server failed, a
 * proxy in front of it answered for it, or nothing answered at all. It says that nothing went
 * through, what to do, and whom to call; said by the browser (lib/api.ts) and by the page the
 * server shows again after a form posted without scripts.
 */
export const NOT_SENT = `Nothing was sent: our system could not take it just now. Please try again in a minute, or call us on ${COMPANY.phones[0]} (${COMPANY.shortHours}).`;

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

/** a place searched on Google Maps: the app opens it on a phone, the site anywhere else */
export const mapsHref = (place: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

export function addressLines() {
  const a = COMPANY.address;
  return [a.street, `${a.locality}, ${a.city} ${a.pincode}`, a.state];
}
