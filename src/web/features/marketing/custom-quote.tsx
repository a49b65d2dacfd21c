import { paths } from "@shared/paths.ts";
import { Button } from "@web/components/ui/button.tsx";
import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "wouter";

export function CustomQuoteCta() {
  return (
    <div className="mt-12 flex flex-col gap-6 rounded-2xl border border-accent/40 bg-accent-soft p-7 md:flex-row md:items-center md:justify-between md:p-9">
      <div className="flex gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground sm:flex">
          <Sparkles aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h3 className="font-display text-2xl font-bold">Need a Custom Solution?</h3>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Villas, large apartments, veneers and imported hardware, or a whole housing project: tell us what
            you have and we will put together cover that fits, with a clear price.
          </p>
        </div>
      </div>
      <Button asChild size="lg" className="shrink-0">
        <Link href={paths.contactAbout("custom")}>
          Request Custom Quote <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
