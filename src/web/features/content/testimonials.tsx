import type { Testimonial } from "@shared/schemas/content.ts";
import { Card } from "@web/components/ui/card.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { useTestimonials } from "@web/lib/content.ts";
import { Quote, Star, StarHalf } from "lucide-react";

/** Five stars, half stars allowed (a rating of 4.5 shows four and a half). */
function StarRating({ rating }: { rating: number }) {
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  return (
    <div className="flex items-center gap-0.5 text-accent" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => {
        // biome-ignore-start lint/suspicious/noArrayIndexKey: the five star positions are fixed
        if (i < full) return <Star key={i} aria-hidden="true" className="size-4 fill-current" />;
        if (i === full && half) {
          return (
            <span key={i} className="relative inline-flex">
              <Star aria-hidden="true" className="size-4 text-muted-foreground/40" />
              <StarHalf aria-hidden="true" className="absolute inset-0 size-4 fill-current" />
            </span>
          );
        }
        return <Star key={i} aria-hidden="true" className="size-4 text-muted-foreground/40" />;
        // biome-ignore-end lint/suspicious/noArrayIndexKey: the five star positions are fixed
      })}
    </div>
  );
}

export function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <Card className="flex h-full flex-col p-6">
      <div className="flex items-center justify-between">
        <StarRating rating={t.rating} />
        <Quote aria-hidden="true" className="size-7 text-primary/20" />
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed text-pretty">“{t.comment}”</blockquote>
      <div className="mt-6 flex items-center gap-3 border-t pt-4">
        <div
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-secondary text-sm font-bold text-primary"
        >
          {initials(t.name)}
        </div>
        <div className="text-sm">
          <p className="font-semibold">{t.name}</p>
          <p className="text-muted-foreground">{[t.company, t.location].filter(Boolean).join(", ")}</p>
        </div>
      </div>
    </Card>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");

export function TestimonialGrid({ limit = 3 }: { limit?: number }) {
  const { data, isPending, isError } = useTestimonials();
  if (isPending) {
    return (
      <LoadingRegion label="Loading testimonials" className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="p-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-5 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
            <div className="mt-6 flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-4 w-32" />
            </div>
          </Card>
        ))}
      </LoadingRegion>
    );
  }
  if (isError) return null;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {data.slice(0, limit).map((t) => (
        <li key={t.id}>
          <TestimonialCard t={t} />
        </li>
      ))}
    </ul>
  );
}
