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

/**
 * The ways in for a homeowner who already has a policy, or anyone checking one: the claim
 * form (through sign-in when signed out) and the public certificate check. The home page's
 * hero and every footer carry them.
 */
export const customerLinks = (signedIn: boolean) =>
  [
    { href: paths.reportProblem(signedIn), label: "Report a problem" },
    { href: paths.verify, label: "Verify a certificate" },
  ] as const;
