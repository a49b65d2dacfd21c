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
} as const;

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

export function addressLines() {
  const a = COMPANY.address;
  return [a.street, `${a.locality}, ${a.city} ${a.pincode}`, a.state];
}
