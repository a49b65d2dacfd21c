import { Card } from "@web/components/ui/card.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { useCoverages } from "@web/lib/content.ts";
import { CoverageIcon } from "./coverage-icon.tsx";

export function CoverageGrid() {
  const { data: coverages, isPending, isError } = useCoverages();
  if (isPending) {
    return (
      <LoadingRegion label="Loading coverage" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={i} className="p-6">
            <Skeleton className="size-12 rounded-lg" />
            <Skeleton className="mt-5 h-5 w-2/3" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
          </Card>
        ))}
      </LoadingRegion>
    );
  }
  if (isError)
    return <p className="text-center text-muted-foreground">Coverage details are unavailable right now.</p>;
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {coverages.map((c) => (
        <li key={c.id}>
          <Card className="h-full p-6 transition-shadow hover:shadow-md">
            <div className="flex size-12 items-center justify-center rounded-lg bg-secondary text-primary">
              <CoverageIcon name={c.icon} className="size-6" />
            </div>
            <h3 className="mt-5 text-lg font-semibold">{c.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{c.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
