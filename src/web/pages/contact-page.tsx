import { paths } from "@shared/paths.ts";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { Container, SectionHeading } from "@web/components/layout/section.tsx";
import { SocialLinks } from "@web/components/layout/social-icons.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EnquiryForm, enquiryInterest } from "@web/features/enquiry/enquiry-form.tsx";
import { addressLines, COMPANY, mapsHref, telHref } from "@web/lib/company.ts";
import { useSocialLinks } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { organizationLd } from "@web/seo/json-ld.ts";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useSearch } from "wouter";

/** one under the other, each at least 24 px tall: a finger hits the number it means */
const CONTACT_LINK = "flex min-h-6 items-center break-all hover:text-primary";

export default function ContactPage() {
  const { address } = COMPANY;
  // 'Select Plan' and 'Request Custom Quote' say which plan the visitor chose: /contact?interest=b2c-premium
  const interest = enquiryInterest(new URLSearchParams(useSearch()).get("interest"));
  const social = useSocialLinks();
  return (
    <>
      <PageMeta
        title="Contact Us"
        description="Talk to Home Interior Project Warranty Solutions in Chennai: phone, e-mail, business hours and an enquiry form for homeowners and business partners."
        path={paths.contact}
        jsonLd={import.meta.env.SSR ? [organizationLd(social)] : undefined}
      />
      <PageHero
        eyebrow="Contact"
        title="We're here to help"
        lead="Questions about a plan, a partnership or a repair? Reach us by phone, e-mail or the form below; we reply within one business day."
      />
      <section id="contact" aria-labelledby="contact-heading" className="py-16 md:py-20">
        <Container>
          <SectionHeading
            id="contact-heading"
            eyebrow="Get in touch"
            title="Ready to Protect Your Interiors?"
          />
          <div className="grid gap-8 lg:grid-cols-[1fr_1.35fr]">
            <div className="grid content-start gap-4">
              <ContactCard icon={<MapPin aria-hidden="true" className="size-5" />} title="Office Address">
                <address className="not-italic">
                  {COMPANY.name}
                  {addressLines().map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </ContactCard>
              <ContactCard icon={<Phone aria-hidden="true" className="size-5" />} title="Phone">
                {COMPANY.phones.map((p) => (
                  <a key={p} href={telHref(p)} className={CONTACT_LINK}>
                    {p}
                  </a>
                ))}
              </ContactCard>
              <ContactCard icon={<Mail aria-hidden="true" className="size-5" />} title="Email">
                {COMPANY.emails.map((e) => (
                  <a key={e} href={`mailto:${e}`} className={CONTACT_LINK}>
                    {e}
                  </a>
                ))}
              </ContactCard>
              <ContactCard icon={<Clock aria-hidden="true" className="size-5" />} title="Business Hours">
                <dl className="grid gap-1">
                  {COMPANY.hours.map((h) => (
                    <div key={h.days} className="flex justify-between gap-4">
                      <dt>{h.days}</dt>
                      <dd className="font-medium text-foreground">{h.time}</dd>
                    </div>
                  ))}
                </dl>
              </ContactCard>
              {social.length > 0 ? (
                <Card className="p-5">
                  <h2 className="font-semibold">Follow Us</h2>
                  <SocialLinks className="mt-3" />
                </Card>
              ) : null}
            </div>
            <EnquiryForm key={interest} defaultInterest={interest} acceptHandoff />
          </div>
        </Container>
      </section>
      <section aria-labelledby="location-heading" className="bg-muted/50 py-16 md:py-20">
        <Container>
          <SectionHeading id="location-heading" eyebrow="Visit us" title="Our Location" />
          <Card className="overflow-hidden">
            <div className="grid md:grid-cols-[1.4fr_1fr]">
              <LocationIllustration />
              <div className="p-7">
                <h3 className="text-lg font-semibold">Head office, {address.city}</h3>
                <p className="mt-2 text-muted-foreground">
                  {address.street}, {address.locality}, {address.city}, {address.state} {address.pincode}
                </p>
                <p className="mt-4 text-sm text-muted-foreground">
                  A five-minute walk from Thousand Lights metro station, with visitor parking in the building.
                  Please call ahead so the right person is there to meet you.
                </p>
                <a
                  href={mapsHref(`${address.street}, ${address.city} ${address.pincode}`)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-5 inline-flex font-semibold text-primary hover:underline"
                >
                  Open in Google Maps (new tab)
                </a>
              </div>
            </div>
          </Card>
        </Container>
      </section>
    </>
  );
}

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="flex gap-4 p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
        {icon}
      </span>
      <div className="min-w-0 flex-1 text-sm text-muted-foreground">
        <h2 className="mb-1 font-semibold text-foreground">{title}</h2>
        {children}
      </div>
    </Card>
  );
}

/** A stylised street map: no third-party map frame, so no tracking and no CSP exception. */
function LocationIllustration() {
  return (
    <div className="relative min-h-64 bg-secondary" aria-hidden="true">
      <svg
        viewBox="0 0 400 260"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
        className="absolute inset-0 size-full"
      >
        <rect width="400" height="260" className="fill-secondary" />
        <g className="stroke-background" strokeWidth="14" fill="none" strokeLinecap="round">
          <path d="M-10 170 C 90 150, 180 190, 410 120" />
          <path d="M120 -10 L 170 270" />
          <path d="M300 -10 C 280 80, 320 160, 290 270" />
        </g>
        <g className="stroke-background" strokeWidth="5" fill="none" opacity="0.8">
          <path d="M-10 60 L 410 80" />
          <path d="M40 -10 L 70 270" />
          <path d="M-10 230 L 410 215" />
          <path d="M220 -10 L 235 270" />
        </g>
        <circle cx="200" cy="150" r="46" className="fill-primary" opacity="0.12" />
        <path
          d="M200 112c-14 0-25 11-25 25 0 19 25 43 25 43s25-24 25-43c0-14-11-25-25-25Z"
          className="fill-primary"
        />
        <circle cx="200" cy="137" r="9" className="fill-background" />
      </svg>
    </div>
  );
}
