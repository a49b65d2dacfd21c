import { paths } from "@shared/paths.ts";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { throwUnlessNotFound } from "@web/components/layout/page-error.tsx";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { RichHtml } from "@web/components/layout/rich-html.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { BenefitCards } from "@web/features/marketing/benefits.tsx";
import { useLocality } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { breadcrumbLd } from "@web/seo/json-ld.ts";
import { ArrowLeft, Building2, Home, MapPin } from "lucide-react";
import { Link } from "wouter";
import { HeroSkeleton } from "./city-page.tsx";

export default function LocalityPage({ params }: PageProps) {
  const path = paths.locality(params.slug);
  const { data: locality, isPending, error } = useLocality(params.slug);
  if (isPending) return <HeroSkeleton />;
  if (error || !locality) {
    throwUnlessNotFound(error);
    return (
      <NotFoundState
        title="Locality Not Found"
        message="Sorry, the requested locality is not available. Please try another location."
        path={path}
      />
    );
  }
  const { city } = locality;
  return (
    <>
      <PageMeta
        title={`Interior Warranty in ${locality.name}, ${city.name} (${locality.pincode})`}
        description={`Warranty cover of up to 10 years for wardrobes, modular kitchens, hinges and laminates in ${locality.name}, ${city.name} ${locality.pincode}.`}
        path={path}
        jsonLd={
          import.meta.env.SSR
            ? [
                breadcrumbLd([
                  { name: "Home", path: "/" },
                  { name: city.name, path: paths.city(city.slug) },
                  { name: locality.name, path },
                ]),
              ]
            : undefined
        }
      />
      <PageHero
        eyebrow={
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" /> {city.name} · PIN {locality.pincode}
          </span>
        }
        title={`Home Interior Warranty in ${locality.name}`}
        lead={`Serving homes in ${locality.name}, ${city.name} ${locality.pincode}: up to 10 years of cover with zero-cost repairs.`}
      >
        <Button asChild size="lg" variant="accent">
          <Link href={paths.city(city.slug)}>
            <ArrowLeft aria-hidden="true" /> View {city.name}
          </Link>
        </Button>
        <Button asChild size="lg" variant="onDark">
          <Link href={paths.b2c}>
            <Home aria-hidden="true" /> B2C Policies
          </Link>
        </Button>
        <Button asChild size="lg" variant="onDark">
          <Link href={paths.b2b}>
            <Building2 aria-hidden="true" /> B2B Solutions
          </Link>
        </Button>
      </PageHero>
      <Container className="max-w-4xl py-14 md:py-16">
        {locality.content.trim() ? (
          <RichHtml html={locality.content} className="text-[1.05rem]" />
        ) : (
          <div className="rich-text text-[1.05rem]" data-testid="locality-default-text">
            <p>
              We provide comprehensive warranty solutions for home interiors in {locality.name}, {city.name}.
              Whether you have just moved into a newly done-up flat or your wardrobes and modular kitchen have
              seen a few years of use, our plans cover hinges, drawer channels, wardrobes, laminates and
              kitchen units for up to 10 years.
            </p>
            <p>
              Homeowners in the {locality.pincode} area get the same zero-cost repairs and single point of
              contact as everywhere we serve, with service visits from our {city.name} technicians typically
              within 3-5 business days.
            </p>
          </div>
        )}
      </Container>
      <section aria-label="Why homeowners choose us" className="bg-muted/50 py-16">
        <Container>
          {/* the benefits are h3s: this keeps the outline h1, h2, h3 for screen reader users */}
          <h2 className="sr-only">Why homeowners choose us</h2>
          <BenefitCards />
        </Container>
      </section>
    </>
  );
}
