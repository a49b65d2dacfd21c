import { paths } from "@shared/paths.ts";
import { customerLinks } from "@web/components/layout/nav-links.ts";
import { HeroBackdrop } from "@web/components/layout/page-hero.tsx";
import { Container, Section, SectionHeading } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { B2BPlanList } from "@web/features/content/b2b-plan-list.tsx";
import { B2CPlanCards } from "@web/features/content/b2c-plan-cards.tsx";
import { BlogCard, BlogCardsSkeleton } from "@web/features/content/blog-card.tsx";
import { CityChooser } from "@web/features/content/city-chooser.tsx";
import { CoverageGrid } from "@web/features/content/coverage-grid.tsx";
import { ServerFaqs } from "@web/features/content/faq-list.tsx";
import { TestimonialGrid } from "@web/features/content/testimonials.tsx";
import { BenefitCards } from "@web/features/marketing/benefits.tsx";
import { CustomQuoteCta } from "@web/features/marketing/custom-quote.tsx";
import { HowItWorks } from "@web/features/marketing/how-it-works.tsx";
import { useB2CPlans, useBlogPosts, useFaqs, useSocialLinks } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { useUser } from "@web/lib/use-user.ts";
import { b2cPlansLd, faqPageLd, organizationLd } from "@web/seo/json-ld.ts";
import {
  ArrowRight,
  BadgeCheck,
  Building2,
  Home,
  MapPinned,
  Repeat2,
  ShieldCheck,
  Users,
  Wrench,
} from "lucide-react";
import { Link } from "wouter";

export default function HomePage() {
  const faqs = useFaqs().data;
  const plans = useB2CPlans().data;
  const social = useSocialLinks();
  return (
    <>
      <PageMeta
        description="Warranties of up to 10 years on home interiors in India: hinges, wardrobes, laminates and modular kitchens. Zero-cost repairs, one point of contact, plans from ₹24,999."
        path="/"
        jsonLd={
          import.meta.env.SSR
            ? [
                organizationLd(social),
                ...(faqs ? [faqPageLd(faqs)] : []),
                ...(plans ? b2cPlansLd(plans, "/#pricing") : []),
              ]
            : undefined
        }
      />
      <Hero />
      <Section id="benefits" aria-labelledby="benefits-heading">
        <SectionHeading
          id="benefits-heading"
          eyebrow="Why choose us"
          title="Peace of mind that outlasts the installation"
          lead="Interiors are one of the biggest purchases a family makes. We make sure they keep working the way they did on handover day."
        />
        <BenefitCards />
        <p className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-2">
            <Repeat2 aria-hidden="true" className="size-4 text-primary" /> Transferable: the warranty stays
            with the home
          </span>
          <span className="inline-flex items-center gap-2">
            <Users aria-hidden="true" className="size-4 text-primary" /> Over 10,000 homeowners served
          </span>
        </p>
      </Section>
      <Audiences />
      <Section aria-labelledby="covered-heading" className="bg-muted/50">
        <SectionHeading
          id="covered-heading"
          eyebrow="Coverage"
          title="What's Covered"
          lead="Defects that show up under normal household use, in the parts of your interiors that work hardest."
        />
        <CoverageGrid />
      </Section>
      <Section id="pricing" aria-labelledby="pricing-heading">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Plans for homeowners"
          title="Choose Your Protection Plan"
          lead="One payment, years of cover. Every plan includes zero-cost repairs and a single point of contact."
        />
        <B2CPlanCards />
        <CustomQuoteCta />
      </Section>
      <Section aria-labelledby="how-heading" className="bg-muted/50">
        <SectionHeading
          id="how-heading"
          eyebrow="The process"
          title="How It Works"
          lead="Four simple steps from registration to a repaired home."
        />
        <HowItWorks />
      </Section>
      <Section aria-labelledby="testimonials-heading">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Our Customers Say" />
        <TestimonialGrid />
      </Section>
      <Section aria-labelledby="faq-heading" className="bg-muted/50">
        <div className="mx-auto max-w-3xl">
          <SectionHeading
            id="faq-heading"
            eyebrow="FAQs"
            title="Frequently Asked Questions"
            lead="Straight answers about cover, claims and service."
          />
          <ServerFaqs />
          <p className="mt-6 text-center text-sm text-muted-foreground">
            More questions?{" "}
            <Link href={paths.faqs} className="font-semibold text-primary hover:underline">
              See all FAQs
            </Link>
          </p>
        </div>
      </Section>
      <BlogTeaser />
    </>
  );
}

const HERO_LINK =
  "inline-flex min-h-10 items-center gap-1.5 rounded-md font-semibold text-white underline decoration-white/40 underline-offset-4 hover:decoration-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function Hero() {
  const { user } = useUser();
  const [report, verify] = customerLinks(Boolean(user));
  return (
    <section className="relative bg-hero text-hero-foreground">
      <HeroBackdrop />
      <Container className="relative grid gap-12 py-16 md:py-24 lg:grid-cols-[1.25fr_1fr] lg:items-center">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 py-1 text-xs font-semibold tracking-wide text-white/90">
            <BadgeCheck aria-hidden="true" className="size-4 text-accent" /> Trusted by over 10,000 homeowners
          </p>
          <h1 className="font-display text-4xl leading-[1.08] font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Comprehensive Warranty Solutions for Home Interiors
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/85 text-pretty">
            Hassle-free post-installation support for up to 10 years: hinges, wardrobes, laminates and modular
            kitchens repaired at zero cost, with one point of contact for everything.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="accent">
              <Link href={paths.b2b}>
                <Building2 aria-hidden="true" /> B2B Solutions
              </Link>
            </Button>
            <Button asChild size="lg" variant="onDark">
              <Link href={paths.b2c}>
                <Home aria-hidden="true" /> B2C Policies
              </Link>
            </Button>
          </div>
          {/* for those who already hold a policy, or are checking one */}
          <p className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-white/80">
            <span>Already covered?</span>
            <Link href={report.href} className={HERO_LINK}>
              <Wrench aria-hidden="true" className="size-4 text-accent" /> {report.label}
            </Link>
            <Link href={verify.href} className={HERO_LINK}>
              <ShieldCheck aria-hidden="true" className="size-4 text-accent" /> {verify.label}
            </Link>
          </p>
          <dl className="mt-12 grid max-w-lg grid-cols-3 gap-6 border-t border-white/15 pt-8">
            {[
              ["10 yrs", "Maximum cover"],
              ["₹0", "Covered repairs"],
              ["39", "Cities served"],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col">
                <dt className="text-xs text-white/70">{label}</dt>
                <dd className="order-first font-display text-2xl font-bold text-white sm:text-3xl">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="rounded-2xl border border-white/15 bg-card p-6 text-card-foreground shadow-2xl shadow-black/30 md:p-8">
          <div className="flex items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
              <MapPinned aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h2 className="text-lg font-semibold">Find service in your city</h2>
              <p className="text-sm text-muted-foreground">Local technicians in 39 cities across India</p>
            </div>
          </div>
          <div className="mt-6">
            <CityChooser />
          </div>
          <ul className="mt-6 grid gap-2 border-t pt-5 text-sm text-muted-foreground">
            <li className="flex gap-2">
              <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-success" /> Service visits in 3-5
              business days
            </li>
            <li className="flex gap-2">
              <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-success" /> Headquartered in
              Chennai, strongest in Tamil Nadu
            </li>
          </ul>
        </div>
      </Container>
    </section>
  );
}

function Audiences() {
  return (
    <Section aria-label="Solutions for businesses and homeowners" className="pt-0 md:pt-0">
      <div className="grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <div className="relative overflow-hidden rounded-2xl bg-hero p-7 text-hero-foreground md:p-10">
          <HeroBackdrop />
          <div className="relative">
            <p className="text-xs font-bold tracking-[0.2em] text-accent">FOR BUSINESSES</p>
            <h2 className="mt-3 font-display text-3xl font-bold">Business Partnership Program</h2>
            <p className="mt-3 text-white/80">
              Interior design companies, furniture makers and contractors: give every client a white-labelled
              warranty in your brand. We run the service; you keep the relationship.
            </p>
            <div className="mt-6">
              <B2BPlanList tone="onDark" />
            </div>
            <div className="mt-7 flex flex-wrap gap-3">
              <Button asChild variant="accent" size="lg">
                <Link href={paths.contactAbout("b2b")}>Partner With Us</Link>
              </Button>
              <Button asChild variant="onDark" size="lg">
                <Link href={paths.contactAbout("b2b")}>Request Pricing Details</Link>
              </Button>
            </div>
          </div>
        </div>
        <div className="flex flex-col rounded-2xl border bg-accent-soft p-7 md:p-10">
          <p className="text-xs font-bold tracking-[0.2em] text-amber-800 dark:text-accent">FOR HOMEOWNERS</p>
          <h2 className="mt-3 font-display text-3xl font-bold">Protect the home you just built</h2>
          <p className="mt-3 text-muted-foreground">
            Essential, Premium and Elite plans cover your wardrobes, kitchen and every hinge in between, for
            up to 10 years. Transferable if you sell.
          </p>
          <ul className="mt-6 grid gap-3 text-sm">
            {["Zero-cost repairs for covered issues", "One call for every problem", "Cover from ₹24,999"].map(
              (t) => (
                <li key={t} className="flex gap-2">
                  <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-primary" /> {t}
                </li>
              ),
            )}
          </ul>
          <div className="mt-auto pt-8">
            <Button asChild size="lg">
              <a href="#pricing">
                View Plans <ArrowRight aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
      </div>
    </Section>
  );
}

function BlogTeaser() {
  const { data: posts, isPending } = useBlogPosts();
  return (
    <Section aria-labelledby="blog-heading">
      <div className="mb-10 flex flex-col gap-4 md:mb-14 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="mb-3 text-xs font-bold tracking-[0.18em] text-primary uppercase">Insights</p>
          <h2 id="blog-heading" className="font-display text-3xl font-bold tracking-tight md:text-4xl">
            Latest from Our Blog
          </h2>
        </div>
        <Button asChild variant="outline">
          <Link href={paths.blog}>
            View All Articles <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {isPending ? (
        <BlogCardsSkeleton />
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {(posts ?? []).slice(0, 3).map((p) => (
            <li key={p.id}>
              <BlogCard post={p} showExcerpt={false} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
