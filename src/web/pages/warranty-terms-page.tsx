import { paths } from "@shared/paths.ts";
import { Card } from "@web/components/ui/card.tsx";
import { LegalPage, LegalSection } from "@web/features/legal/legal-page.tsx";
import { STEPS } from "@web/features/marketing/how-it-works.tsx";
import { useB2CPlans } from "@web/lib/content.ts";
import { Check, X } from "lucide-react";
import { Link } from "wouter";

/** What no plan covers: the same list the FAQs give. */
const EXCLUSIONS = [
  "Damage from misuse or accidents",
  "Water damage from plumbing leaks, seepage or flooding",
  "Termite and pest damage",
  "Fire",
  "Changes or repairs made by anyone other than our technicians",
  "Normal wear, such as scratches, stains and fading of finishes",
  "Loose furniture and appliances",
];

/** /warranty-terms: each plan's cover, what no plan covers, the waiting period and how a claim works. */
export default function WarrantyTermsPage() {
  const plans = useB2CPlans().data;
  return (
    <LegalPage
      eyebrow="Warranty Terms"
      title="Warranty Terms"
      description="What each homeowner plan covers and excludes, the 30-day waiting period for existing interiors, service times and how to make a claim."
      path={paths.warrantyTerms}
      lead="What your plan covers, what it does not, when cover starts and how a claim works, in plain words."
      updated="23 November 2026"
    >
      <LegalSection id="cover" title="What each plan covers">
        <p>
          Every plan covers defects in your fitted interiors that appear under normal household use. For a
          covered issue the technician's visit, the labour and any replacement parts cost you nothing.
        </p>
        {plans ? (
          <div className="mt-2 grid gap-4 md:grid-cols-3">
            {plans.map(({ plan, features }) => (
              <Card key={plan.id} className="p-5 text-sm">
                <h3 className="text-lg font-semibold text-foreground">{plan.name}</h3>
                <p className="mt-1">{plan.duration ? `${plan.duration} years of cover` : null}</p>
                <ul className="mt-3 grid gap-2" aria-label={`${plan.name} plan cover`}>
                  {features.map((f) => (
                    <li key={f.id} className="!ml-0 flex !list-none gap-2">
                      {f.included ? (
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                      ) : (
                        <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 opacity-60" />
                      )}
                      <span className={f.included ? "text-foreground" : undefined}>
                        {f.name}
                        {f.included ? null : <span className="sr-only"> (not included)</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
        ) : (
          <p>
            The plans and their cover are listed on the <Link href={paths.b2c}>homeowner plans page</Link>.
          </p>
        )}
        <p>
          A policy certificate names the plan, the property and the dates of cover; it is what a claim is
          checked against.
        </p>
      </LegalSection>

      <LegalSection id="exclusions" title="What no plan covers">
        <ul>
          {EXCLUSIONS.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <p>Damage of these kinds is a matter for your home insurance.</p>
      </LegalSection>

      <LegalSection id="waiting-period" title="When cover starts">
        <p>
          Interiors registered at the time of installation, for example through your interior designer or
          contractor, are covered from the first day.
        </p>
        <p>
          <strong>Existing interiors</strong> that are already installed and in use are registered after a
          short inspection, and claims on them can be made from <strong>30 days</strong> after registration.
          The same waiting period applies when a plan that has lapsed is taken up again.
        </p>
      </LegalSection>

      <LegalSection id="claims" title="How a claim works">
        <ol className="grid gap-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="!ml-0 !list-none">
              <strong>
                {i + 1}. {s.title}:
              </strong>{" "}
              {s.text}
            </li>
          ))}
        </ol>
        <p>
          Service visits are scheduled within 3-5 business days of your request. Elite plan holders get
          24-hour priority service. If a part or a matching laminate shade has to be ordered, we tell you the
          expected date at the first visit.
        </p>
      </LegalSection>

      <LegalSection id="transfer" title="Selling your home">
        <p>
          The warranty stays with the home. When you sell, start the transfer from your policy page with the
          buyer's name, e-mail address and phone; once the buyer accepts it (and, for Premium and Elite, our
          team has checked it), the remaining years of cover move to them at no extra charge, with the same
          policy number and end date.
        </p>
      </LegalSection>

      <LegalSection id="ending" title="Renewal and cancellation">
        <p>
          From 60 days before your plan ends, you can renew it with the Renew button on your policy page or
          dashboard, for the same plan or a higher one; we e-mail you reminders before the end date. To end a
          plan early, see{" "}
          <Link href={paths.refunds} className="font-semibold text-primary hover:underline">
            Cancellation and Refunds
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
