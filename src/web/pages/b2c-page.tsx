import { paths } from "@shared/paths.ts";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { Section, SectionHeading } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { B2CPlanCards } from "@web/features/content/b2c-plan-cards.tsx";
import { CoverageGrid } from "@web/features/content/coverage-grid.tsx";
import { PlanComparison } from "@web/features/content/plan-comparison.tsx";
import { EnquiryForm } from "@web/features/enquiry/enquiry-form.tsx";
import { CustomQuoteCta } from "@web/features/marketing/custom-quote.tsx";
import { HowItWorks } from "@web/features/marketing/how-it-works.tsx";
import { useB2CPlans } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { b2cPlansLd } from "@web/seo/json-ld.ts";
import { ShieldCheck } from "lucide-react";
import { Link } from "wouter";

export default function B2CPage() {
  const plans = useB2CPlans().data;
  return (
    <>
      <PageMeta
        title="Home Interior Warranty Plans for Homeowners"
        description="Essential, Premium and Elite warranty plans for your wardrobes, modular kitchen, hinges and laminates: up to 10 years of zero-cost repairs, from ₹24,999."
        path={paths.b2c}
        jsonLd={import.meta.env.SSR ? (plans ? b2cPlansLd(plans, paths.b2c) : []) : undefined}
      />
      <PageHero
        eyebrow="B2C Policies · For homeowners"
        title="Protect your interiors for up to 10 years"
        lead="Your wardrobes, modular kitchen and every hinge in between, repaired or replaced at zero cost when something goes wrong. One plan, one number to call, and cover that moves with the home if you sell."
      >
        <Button asChild size="lg" variant="accent">
          <a href="#plans">
            <ShieldCheck aria-hidden="true" /> Compare Plans
          </a>
        </Button>
        <Button asChild size="lg" variant="onDark">
          <Link href={paths.contact}>Talk to an Advisor</Link>
        </Button>
      </PageHero>
      <Section aria-labelledby="b2c-covered">
        <SectionHeading
          id="b2c-covered"
          eyebrow="Coverage"
          title="What's Covered"
          lead="Defects under normal household use, across the interiors you use every day."
        />
        <CoverageGrid />
      </Section>
      <Section id="plans" aria-labelledby="b2c-plans" className="bg-muted/50">
        <SectionHeading
          id="b2c-plans"
          eyebrow="Plans"
          title="Choose Your Protection Plan"
          lead="Pay once for years of cover, with every covered repair included."
        />
        <B2CPlanCards plans={plans} />
        {plans ? <PlanComparison plans={plans} /> : null}
        <CustomQuoteCta />
      </Section>
      <Section aria-labelledby="b2c-how">
        <SectionHeading id="b2c-how" eyebrow="The process" title="How It Works" />
        <HowItWorks />
      </Section>
      <Section aria-label="Enquiry" className="bg-muted/50">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-start">
          <div>
            <SectionHeading
              align="left"
              eyebrow="Get in touch"
              title="Not sure which plan fits your home?"
              lead="Tell us about your interiors: the rooms, the age of the fit-out and any brand warranties you already have. An advisor will call you back within one business day with a recommendation."
            />
          </div>
          <EnquiryForm defaultInterest="b2c-premium" />
        </div>
      </Section>
    </>
  );
}
