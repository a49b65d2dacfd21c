import { paths } from "@shared/paths.ts";

/** The header's entries, shared by the desktop bar and the mobile menu. */
export const POLICY_LINKS = [
  { href: paths.b2b, label: "B2B Solutions", description: "White-label warranties for interior firms" },
  { href: paths.b2c, label: "B2C Policies", description: "Essential, Premium and Elite plans for homes" },
] as const;

export const MAIN_LINKS = [
  { href: "/#benefits", label: "Benefits" },
  { href: paths.blog, label: "Blog" },
  { href: paths.faqs, label: "FAQs" },
  { href: paths.contact, label: "Contact" },
] as const;

export const SIGN_UP_HREF = `${paths.auth}?tab=register`;
