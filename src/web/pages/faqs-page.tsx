import { paths } from "@shared/paths.ts";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { Container, SectionHeading } from "@web/components/layout/section.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { type QA, ServerFaqs } from "@web/features/content/faq-list.tsx";
import { EnquiryForm } from "@web/features/enquiry/enquiry-form.tsx";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { useFaqs } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { faqPageLd } from "@web/seo/json-ld.ts";
import { Mail, Phone } from "lucide-react";

/** Five fixed questions follow the ones stored on the server. */
export const EXTRA_FAQS: QA[] = [
  {
    id: "extra-1",
    question: "Do I need to keep my original installation invoice?",
    answer:
      "It helps but is not required. When you register, we record your interiors with photos and a unit list, and that record is what we use when you raise a claim.",
  },
  {
    id: "extra-2",
    question: "Is damage from water leaks, pests or accidents covered?",
    answer:
      "No. The warranty covers defects under normal household use. Damage from plumbing leaks, seepage, termites, fire or accidents is a matter for your home insurance.",
  },
  {
    id: "extra-3",
    question: "What will a covered repair cost me?",
    answer:
      "Nothing. For covered issues, the technician's visit, the labour and any replacement parts are free of charge: zero-cost repairs are the point of the warranty.",
  },
  {
    id: "extra-4",
    question: "Which cities do you serve?",
    answer:
      "We are based in Chennai with the widest coverage across Tamil Nadu, and serve 39 cities across India through our network of trained technicians. See the city list at the bottom of any page.",
  },
  {
    id: "extra-5",
    question: "Can I register interiors made by any designer or carpenter?",
    answer:
      "Yes. Interiors registered at installation are covered from day one. Existing interiors can be registered after a short inspection, with a 30-day waiting period before the first claim.",
  },
];

export default function FaqsPage() {
  const faqs = useFaqs().data;
  return (
    <>
      <PageMeta
        title="Frequently Asked Questions"
        description="Answers about home interior warranty cover, claims, waiting periods, service times, transfers and B2B partnerships."
        path={paths.faqs}
        jsonLd={import.meta.env.SSR ? [faqPageLd([...(faqs ?? []), ...EXTRA_FAQS])] : undefined}
      />
      <PageHero
        eyebrow="Help centre"
        title="Frequently Asked Questions"
        lead="Everything you need to know about our cover, claims and service. Can't find your answer? Our team is a call away."
      />
      <Container className="grid gap-12 py-16 md:py-20 lg:grid-cols-[1fr_380px]">
        <section aria-label="Questions and answers">
          {/* the questions are h3s: this keeps the outline h1, h2, h3 for screen reader users */}
          <h2 className="sr-only">Questions and answers</h2>
          <ServerFaqs extra={EXTRA_FAQS} />
        </section>
        <aside className="grid gap-6 lg:sticky lg:top-24 lg:self-start">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Still have questions?</h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Our support team is available Mon–Fri 9–6 and Sat 9–4.
            </p>
            <ul className="mt-5 grid gap-3 text-sm">
              <li>
                <a
                  href={telHref(COMPANY.phones[0])}
                  className="flex items-center gap-3 font-medium hover:text-primary"
                >
                  <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Phone aria-hidden="true" className="size-4" />
                  </span>
                  {COMPANY.phones[0]}
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${COMPANY.emails[0]}`}
                  className="flex items-center gap-3 font-medium hover:text-primary"
                >
                  <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Mail aria-hidden="true" className="size-4" />
                  </span>
                  {COMPANY.emails[0]}
                </a>
              </li>
            </ul>
          </Card>
        </aside>
      </Container>
      <section className="bg-muted/50 py-16 md:py-20" aria-label="Ask a question">
        <Container className="max-w-3xl">
          <SectionHeading
            eyebrow="Ask us"
            title="Didn't find your answer?"
            lead="Send us your question and we'll reply within one business day."
          />
          <EnquiryForm />
        </Container>
      </section>
    </>
  );
}
