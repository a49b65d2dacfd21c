import { paths } from "@shared/paths.ts";
import { PRIVACY_NOTICE_DATE } from "@shared/schemas/privacy.ts";
import { LegalPage, LegalSection } from "@web/features/legal/legal-page.tsx";
import { addressLines, COMPANY } from "@web/lib/company.ts";
import { Link } from "wouter";

const link = "font-semibold text-primary hover:underline";

/** /terms: the terms of using the website and its customer portal. */
export default function TermsPage() {
  return (
    <LegalPage
      eyebrow="Terms"
      title="Terms of Service"
      description="The terms for using the Home Interior Project Warranty Solutions website and customer portal: accounts, warranty plans, payments, acceptable use and governing law."
      path={paths.terms}
      lead="The rules for using this website and your customer account."
      updated={PRIVACY_NOTICE_DATE}
    >
      <LegalSection id="about" title="About these terms">
        <p>
          This website is run by {COMPANY.name}, {addressLines().join(", ")}. By using it or creating an
          account you agree to these terms. The cover itself is governed by the{" "}
          <Link href={paths.warrantyTerms} className={link}>
            Warranty Terms
          </Link>{" "}
          and your policy certificate; where they differ from these terms, they prevail.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="Your account">
        <ul>
          <li>Accounts are for adults, one per person, with details that are true and up to date.</li>
          <li>
            Keep your password to yourself. Tell us at once if you think someone else has used your account;
            changing your password signs out every other device.
          </li>
          <li>
            You may erase your account at any time from your dashboard, as the{" "}
            <Link href={paths.privacy} className={link}>
              Privacy Notice
            </Link>{" "}
            explains.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="plans" title="Plans, prices and payments">
        <p>
          Prices on the site are in Indian rupees and include GST for homeowner plans. A policy starts on the
          date shown on its certificate once payment is received. Cancellations and refunds follow our{" "}
          <Link href={paths.refunds} className={link}>
            Cancellation and Refunds
          </Link>{" "}
          policy.
        </p>
      </LegalSection>

      <LegalSection id="use" title="Using the site fairly">
        <ul>
          <li>Do not try to reach other customers' data, or to break or overload the site.</li>
          <li>Do not send false claims, or content that is unlawful or abusive, through the forms.</li>
          <li>We may suspend an account that breaks these rules, and tell you why.</li>
        </ul>
      </LegalSection>

      <LegalSection id="content" title="Our content">
        <p>
          The text, images and designs on this site belong to us or to those who licensed them to us. Guides
          and blog posts are general information, not advice for your particular home.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="Our responsibility">
        <p>
          We take care to keep the site available and correct, but it may sometimes be unavailable or hold a
          mistake. Nothing in these terms limits what we owe you under your policy or under the Consumer
          Protection Act, 2019.
        </p>
      </LegalSection>

      <LegalSection id="law" title="Law and disputes">
        <p>
          These terms are governed by the laws of India. Talk to us first: most problems are solved by a call.
          Otherwise the courts at Chennai have jurisdiction, without affecting your right to approach a
          consumer commission.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
