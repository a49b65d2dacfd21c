import { b2bProjectAllowance, formatB2BPrice } from "@shared/format.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { cn } from "@web/lib/cn.ts";
import { useB2BPlans } from "@web/lib/content.ts";
import { Check } from "lucide-react";

/** Partnership plans with their monthly price (or 'Custom Pricing') and project allowance. */
export function B2BPlanList({
  showFeatures = false,
  tone = "default",
}: {
  showFeatures?: boolean;
  tone?: "default" | "onDark";
}) {
  const { data: plans, isPending, isError } = useB2BPlans();
  if (isPending) {
    return (
      <LoadingRegion label="Loading partnership plans" className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={cn("h-20 w-full", tone === "onDark" && "bg-white/10")} />
        ))}
      </LoadingRegion>
    );
  }
  if (isError) return <p>Partnership plans are unavailable right now.</p>;
  return (
    <ul className="grid gap-3">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className={cn(
            "rounded-lg border p-4",
            tone === "onDark" ? "border-white/15 bg-white/5" : "bg-card",
          )}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 className="font-semibold">{plan.name}</h3>
            <div className="flex items-baseline gap-1.5">
              <p
                className={cn(
                  "font-display text-lg font-bold",
                  tone === "onDark" ? "text-accent" : "text-primary",
                )}
              >
                {formatB2BPrice(plan.price)}
              </p>
              {plan.price > 0 ? (
                <p className={cn("text-xs", tone === "onDark" ? "text-white/75" : "text-muted-foreground")}>
                  {TAX_NOTE.b2b}
                </p>
              ) : null}
            </div>
          </div>
          <p className={cn("mt-1 text-sm", tone === "onDark" ? "text-white/75" : "text-muted-foreground")}>
            {b2bProjectAllowance(plan)}
          </p>
          {showFeatures ? (
            <>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{plan.description}</p>
              <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                {plan.features
                  .filter((f) => f.included)
                  .map((f) => (
                    <li key={f.id} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                      {f.name}
                    </li>
                  ))}
              </ul>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
