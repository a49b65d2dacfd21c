import { paths } from "@shared/paths.ts";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { LISTED_LOCALITY_CITIES, useLocalitiesOfCity } from "@web/lib/content.ts";
import { useState } from "react";
import { Link } from "wouter";
import { Container } from "./section.tsx";

const FIRST_SHOWN = 20;

/** Bengaluru's and Chennai's localities, 20 at first with a Show All toggle. */
export function LocalityLists() {
  return (
    <div className="border-t bg-muted/50 py-10">
      <Container className="grid gap-10 md:grid-cols-2">
        {LISTED_LOCALITY_CITIES.map((city) => (
          <LocalityList key={city.id} cityId={city.id} cityName={city.name} />
        ))}
      </Container>
    </div>
  );
}

function LocalityList({ cityId, cityName }: { cityId: number; cityName: string }) {
  const { data, isPending } = useLocalitiesOfCity(cityId);
  const [showAll, setShowAll] = useState(false);
  const headingId = `localities-${cityId}`;
  const sorted = data ? [...data].sort((a, b) => a.name.localeCompare(b.name, "en-IN")) : [];
  const shown = showAll ? sorted : sorted.slice(0, FIRST_SHOWN);
  return (
    <section aria-labelledby={headingId} data-testid={`localities-${cityName.toLowerCase()}`}>
      <h2 id={headingId} className="text-sm font-bold tracking-wider text-foreground uppercase">
        Localities we serve in {cityName}
      </h2>
      {isPending ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-6 w-24" />
          ))}
        </div>
      ) : (
        <>
          <ul id={`${headingId}-list`} className="mt-4 flex flex-wrap gap-x-1 gap-y-1 text-sm">
            {shown.map((l) => (
              <li key={l.id}>
                <Link
                  href={paths.locality(l.slug)}
                  className="inline-block rounded px-2 py-1 text-muted-foreground hover:bg-secondary hover:text-primary"
                >
                  {l.name}
                </Link>
              </li>
            ))}
          </ul>
          {sorted.length > FIRST_SHOWN ? (
            <button
              type="button"
              aria-expanded={showAll}
              aria-controls={`${headingId}-list`}
              onClick={() => setShowAll((v) => !v)}
              className="mt-3 cursor-pointer rounded px-2 py-1 text-sm font-semibold text-primary hover:underline"
            >
              {showAll ? "Show Less" : "Show All"}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
