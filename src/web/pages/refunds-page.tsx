import { paths } from "@shared/paths.ts";
import { LegalPage, LegalSection } from "@web/features/legal/legal-page.tsx";
import { COMPANY } from "@web/lib/company.ts";
import { Link } from "wouter";

/** The figures a customer is promised, named once. */
const COOLING_OFF_DAYS = 15;
const REFUND_BUSINESS_DAYS = 7;

/** /cancellation-and-refunds: how to end a plan and what is paid back. */
export default function RefundsPage() {
  return (
    <LegalPage
      eyebrow="Cancellation and Refunds"
      title="Cancellation and Refunds"
      description="How to cancel a home interior warranty plan, the 15-day full refund, refunds for unused years of cover and partnership notice periods."
      path={paths.refunds}
      lead="How to end a plan, and what you get back when you do."
      updated="23 November 2026"
    >
      <LegalSection id="how" title="How to cancel">
        <p>
          Call us, write to {COMPANY.emails[0]} or send the{" "}
          <Link href={paths.contact} className="font-semibold text-primary hover:underline">
            contact form
          </Link>{" "}
          with your policy number. We confirm the cancellation by e-mail. Cover ends on the day the policy is
          cancelled, and no new service requests can be raised on it after that; requests already raised are
          completed.
        </p>
      </LegalSection>

      <LegalSection id="cooling-off" title={`Within ${COOLING_OFF_DAYS} days: a full refund`}>
        <p>
          If you cancel within {COOLING_OFF_DAYS} days of the date your cover starts and no service request
          has been raised on the policy, we refund the full amount you paid.
        </p>
      </LegalSection>

      <LegalSection id="later" title="After that: the unused years">
        <p>
          After {COOLING_OFF_DAYS} days we refund the price of the <strong>whole years of cover</strong> not
          yet started, in proportion to the plan's length. The cost of covered repairs already carried out
          under the policy is deducted from that amount, and we show you the calculation before you confirm.
        </p>
        <p>
          Selling your home is not a reason to cancel: the warranty moves to the buyer at no charge (see the{" "}
          <Link href={paths.warrantyTerms} className="font-semibold text-primary hover:underline">
            Warranty Terms
          </Link>
          ).
        </p>
      </LegalSection>

      <LegalSection id="payment" title="How refunds are paid">
        <p>
          Refunds go to the account or card you paid from, within {REFUND_BUSINESS_DAYS} business days of the
          cancellation. Prices of homeowner plans include GST, and so does the refund.
        </p>
      </LegalSection>

      <LegalSection id="partners" title="Business partners">
        <p>
          Partnership plans are billed monthly with 30-day invoice terms. A partnership can end with 30 days'
          written notice; months already invoiced are not refunded. Certificates already issued to your
          clients keep their cover for their full term.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
