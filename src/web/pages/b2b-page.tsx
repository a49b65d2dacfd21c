import { paths } from "@shared/paths.ts";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { Container, SectionHeading } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { B2BPlanList } from "@web/features/content/b2b-plan-list.tsx";
import { FaqAccordion } from "@web/features/content/faq-list.tsx";
import { TestimonialCard } from "@web/features/content/testimonials.tsx";
import { EnquiryForm } from "@web/features/enquiry/enquiry-form.tsx";
import { useB2BPlans, useTestimonials } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { b2bPlansLd, faqPageLd } from "@web/seo/json-ld.ts";
import {
  ArrowRight,
  BadgePercent,
  FileBadge2,
  Handshake,
  Headset,
  LayoutDashboard,
  Stamp,
} from "lucide-react";
import { Link } from "wouter";

const PARTNER_STEPS = [
  {
    title: "Sign the partnership",
    text: "Pick a plan, share your brand assets and we set up your partner account in a few days.",
  },
  {
    title: "Register each project",
    text: "Add a project at handover from your partner dashboard; the client gets a certificate in your brand.",
  },
  {
    title: "We handle the service",
    text: "Clients call one number. Our technicians assess and repair covered issues at no cost to them.",
  },
  {
    title: "Grow on trust",
    text: "A 10-year warranty closes sales faster, and monthly reports show every claim and its resolution.",
  },
];

const PARTNER_BENEFITS = [
  {
    icon: Stamp,
    title: "Your brand, our backing",
    text: "White-labelled certificates and client communication carry your name.",
  },
  {
    icon: Headset,
    title: "No after-sales burden",
    text: "We take the service calls, site visits and repairs off your team's plate.",
  },
  {
    icon: BadgePercent,
    title: "A reason to choose you",
    text: "Stand out from competitors who offer one year, or nothing at all.",
  },
  {
    icon: LayoutDashboard,
    title: "Full visibility",
    text: "Track registrations, claims and resolution times in one dashboard.",
  },
  {
    icon: FileBadge2,
    title: "Simple billing",
    text: "One monthly invoice with 30-day payment terms; no per-claim charges.",
  },
  {
    icon: Handshake,
    title: "A dedicated team",
    text: "Account managers who know the interiors trade in Chennai and beyond.",
  },
];

const B2B_FAQS = [
  {
    id: "b2b-1",
    question: "Who can join the Business Partnership Program?",
    answer:
      "Interior design firms, modular kitchen and wardrobe makers, furniture manufacturers, carpentry contractors and builders who hand over fitted interiors to homeowners.",
  },
  {
    id: "b2b-2",
    question: "How does white-labelling work?",
    answer:
      "Warranty certificates, the client welcome kit and service updates carry your company's name and logo. We stay in the background and handle the service on your behalf.",
  },
  {
    id: "b2b-3",
    question: "What are the payment terms?",
    answer:
      "Partners receive one consolidated invoice each month, payable within 30 days. Custom-priced enterprise plans can be billed per project instead.",
  },
  {
    id: "b2b-4",
    question: "What happens when one of my clients reports a problem?",
    answer:
      "The client raises a request online from their account, with photos, and our support line helps if they need it. We assess it, schedule a technician within 3-5 business days and repair covered defects at no cost, and you can follow every step in your dashboard.",
  },
];

export default function B2BPage() {
  const plans = useB2BPlans().data;
  const testimonials = useTestimonials().data;
  const testimonial = testimonials?.find((t) => t.company) ?? testimonials?.[0];
  return (
    <>
      <PageMeta
        title="B2B Warranty Partnerships for Interior Businesses"
        description="White-label warranty partnerships for interior designers, furniture makers and contractors in India. Offer clients up to 10 years of cover; we handle every service call."
        path={paths.b2b}
        jsonLd={import.meta.env.SSR ? [...(plans ? b2bPlansLd(plans) : []), faqPageLd(B2B_FAQS)] : undefined}
      />
      <PageHero
        eyebrow="B2B Solutions · Business Partnership Program"
        title="Offer a 10-year warranty under your own brand"
        lead="Interior design companies, furniture makers and contractors partner with us to give every client white-labelled, long-term cover. You win more projects; we take care of after-sales service."
      >
        <Button asChild size="lg" variant="accent">
          <Link href={paths.contactAbout("b2b")}>
            Become a Partner <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="onDark">
          <a href="#partner-plans">See Plans & Pricing</a>
        </Button>
      </PageHero>
      <Container className="grid gap-12 py-16 md:py-20 lg:grid-cols-[1fr_400px]">
        <div className="grid gap-16 md:gap-20">
          <section aria-labelledby="b2b-how">
            <SectionHeading
              id="b2b-how"
              align="left"
              eyebrow="How it works"
              title="How the partnership works"
            />
            <ol className="grid gap-4 sm:grid-cols-2">
              {PARTNER_STEPS.map((s, i) => (
                <li key={s.title} className="flex gap-4 rounded-xl border bg-card p-5">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{s.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{s.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="b2b-benefits">
            <SectionHeading
              id="b2b-benefits"
              align="left"
              eyebrow="Benefits"
              title="Why partners choose us"
            />
            <ul className="grid gap-4 sm:grid-cols-2">
              {PARTNER_BENEFITS.map((b) => (
                <li key={b.title} className="flex gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                    <b.icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{b.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{b.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section id="partner-plans" aria-labelledby="b2b-plans">
            <SectionHeading
              id="b2b-plans"
              align="left"
              eyebrow="Plans & pricing"
              title="Partnership plans"
              lead="Monthly plans for growing firms, and custom pricing for large builders and enterprise partners."
            />
            <B2BPlanList showFeatures />
            <p className="mt-6 text-sm text-muted-foreground">
              Need something different?{" "}
              <Link href={paths.contact} className="font-semibold text-primary hover:underline">
                Contact our partnerships team
              </Link>
              .
            </p>
          </section>
          {testimonial ? (
            <section aria-labelledby="b2b-testimonial">
              <h2 id="b2b-testimonial" className="sr-only">
                What a partner says
              </h2>
              <TestimonialCard t={testimonial} />
            </section>
          ) : null}
          <section aria-labelledby="b2b-faq">
            <SectionHeading id="b2b-faq" align="left" eyebrow="FAQ" title="Partnership questions" />
            <FaqAccordion items={B2B_FAQS} />
          </section>
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <EnquiryForm
            title="Request Partnership Details"
            description="Tell us about your business and we will send pricing and a sample certificate within one business day."
            defaultInterest="b2b"
          />
          <Card className="mt-4 p-5 text-sm text-muted-foreground">
            Prefer to talk? See all our numbers on the{" "}
            <Link href={paths.contact} className="font-semibold text-primary hover:underline">
              Contact page
            </Link>
            .
          </Card>
        </aside>
      </Container>
    </>
  );
}
