import { paths } from "@shared/paths.ts";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { throwUnlessNotFound } from "@web/components/layout/page-error.tsx";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { RichHtml } from "@web/components/layout/rich-html.tsx";
import { Container, SectionHeading } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { B2CPlanCards } from "@web/features/content/b2c-plan-cards.tsx";
import { CustomQuoteCta } from "@web/features/marketing/custom-quote.tsx";
import { useCity } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { breadcrumbLd } from "@web/seo/json-ld.ts";
import { Building2, Home, MapPin } from "lucide-react";
import { Link } from "wouter";

export default function CityPage({ params }: PageProps) {
  const path = paths.city(params.slug);
  const { data: city, isPending, error } = useCity(params.slug);
  if (isPending) return <HeroSkeleton />;
  if (error || !city) {
    throwUnlessNotFound(error);
    return (
      <NotFoundState
        title="City Not Found"
        message="Sorry, the requested city is not available. Please try another location."
        path={path}
      />
    );
  }
  return (
    <>
      <PageMeta
        title={`Home Interior Warranty in ${city.name}`}
        description={`Up to 10 years of warranty cover for wardrobes, modular kitchens, hinges and laminates in ${city.name}, ${city.state}. Zero-cost repairs by local technicians.`}
        path={path}
        jsonLd={
          import.meta.env.SSR
            ? [
                breadcrumbLd([
                  { name: "Home", path: "/" },
                  { name: city.name, path },
                ]),
              ]
            : undefined
        }
      />
      <PageHero
        eyebrow={
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" /> {city.state}
          </span>
        }
        title={`Home Interior Warranty in ${city.name}`}
        lead={`Hassle-free post-installation support for up to 10 years for homes and interior businesses in ${city.name}, with local technicians and one point of contact.`}
      >
        <Button asChild size="lg" variant="accent">
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
        <RichHtml html={city.content} className="text-[1.05rem]" />
      </Container>
      <section aria-labelledby="city-plans" className="bg-muted/50 py-16 md:py-20">
        <Container>
          <SectionHeading
            id="city-plans"
            eyebrow={`Plans in ${city.name}`}
            title="Choose Your Protection Plan"
            lead="The same plans and prices in every city we serve."
          />
          <B2CPlanCards />
          <CustomQuoteCta />
        </Container>
      </section>
    </>
  );
}

export function HeroSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading</span>
      <div className="bg-hero py-20">
        <Container>
          <Skeleton className="h-4 w-32 bg-white/15" />
          <Skeleton className="mt-5 h-12 w-2/3 bg-white/15" />
          <Skeleton className="mt-5 h-5 w-1/2 bg-white/15" />
        </Container>
      </div>
      <Container className="max-w-4xl py-14">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="mt-3 h-4 w-full" />
        <Skeleton className="mt-3 h-4 w-3/4" />
      </Container>
    </div>
  );
}
