import { formatRupees } from "@shared/format.ts";
import type { PlanWithFeatures } from "@shared/schemas/content.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { planContactPath } from "@web/lib/plans.ts";
import { Check, Minus } from "lucide-react";
import { Link } from "wouter";

// Opaque backgrounds: the header row and the first column stay in view over the cells that
// scroll beneath them, which must not show through.
const corner = "sticky top-0 left-0 z-30 bg-card";
const colHead = "sticky top-0 z-20 bg-card";
const rowHead = "sticky left-0 z-10 bg-card";
const cell = "border-b px-2 py-3 align-middle sm:px-3";

/**
 * On a phone the feature names take a narrow first column, so two plans fit beside them and
 * a row compares two prices or ticks at a glance before any swipe.
 *
 * The homeowner plans side by side: features as rows, plans as columns, from the same plan
 * content as the cards (a feature a plan does not list counts as not included). On a phone
 * the table scrolls inside its own box, sideways and down, with the plan names and the
 * feature names held in view, so a row can always be read against its plan.
 */
export function PlanComparison({ plans }: { plans: PlanWithFeatures[] }) {
  // every feature any plan names, in the order the plans list them
  const features = [...new Set(plans.flatMap((p) => p.features.map((f) => f.name)))];
  const has = (p: PlanWithFeatures, name: string) => p.features.some((f) => f.name === name && f.included);
  return (
    <div className="mt-16">
      <h3 id="plan-comparison" className="text-center font-display text-2xl font-bold tracking-tight">
        Compare the plans
      </h3>
      <p className="mt-2 text-center text-sm text-muted-foreground">
        Every feature of each plan, side by side.
        <span className="sm:hidden"> Swipe the table to see all three.</span>
      </p>
      {/* relative: the visually hidden caption is positioned, and must be clipped by this box
          rather than widen the whole page on a phone. The scroll padding keeps a link brought
          into view (by Tab, say) clear of the sticky names instead of under them. */}
      <section
        aria-labelledby="plan-comparison"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to scroll it
        tabIndex={0}
        data-testid="plan-comparison"
        className="relative mt-6 max-h-[75svh] scroll-pt-20 scroll-pl-40 overflow-auto sm:scroll-pl-52 sm:max-h-none overscroll-x-contain rounded-xl border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <table className="w-full min-w-[27rem] border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            {`${plans.map((p) => p.plan.name).join(", ")} plans compared: price, years of cover and each feature`}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className={cn(
                  corner,
                  cell,
                  "w-36 text-left text-xs sm:w-[38%] text-muted-foreground uppercase",
                )}
              >
                Feature
              </th>
              {plans.map(({ plan }) => (
                <th
                  key={plan.id}
                  scope="col"
                  className={cn(colHead, cell, "text-center", plan.isPopular && "text-primary")}
                >
                  <span className="block text-base font-bold">{plan.name}</span>
                  {plan.isPopular ? (
                    <Badge variant="accent" className="mt-1 px-2 py-0.5 text-[10px]">
                      POPULAR
                    </Badge>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className={cn(rowHead, cell, "text-left font-medium")}>
                Price <span className="block text-xs font-normal text-muted-foreground">GST included</span>
              </th>
              {plans.map(({ plan }) => (
                <td key={plan.id} className={cn(cell, "text-center font-semibold tabular-nums")}>
                  {formatRupees(plan.price)}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={cn(rowHead, cell, "text-left font-medium")}>
                Years of cover
              </th>
              {plans.map(({ plan }) => (
                <td key={plan.id} className={cn(cell, "text-center font-semibold tabular-nums")}>
                  {plan.duration ? `${plan.duration} years` : "—"}
                </td>
              ))}
            </tr>
            {features.map((name) => (
              <tr key={name}>
                <th scope="row" className={cn(rowHead, cell, "text-left font-normal")}>
                  {name}
                </th>
                {plans.map((p) =>
                  has(p, name) ? (
                    <td key={p.plan.id} className={cn(cell, "text-center")}>
                      <Check aria-hidden="true" className="inline size-5 text-success" />
                      <span className="sr-only">Included</span>
                    </td>
                  ) : (
                    <td key={p.plan.id} className={cn(cell, "text-center text-muted-foreground")}>
                      <Minus aria-hidden="true" className="inline size-5 opacity-60" />
                      <span className="sr-only">Not included</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
            <tr>
              <th scope="row" className={cn(rowHead, "px-3 py-3 text-left font-medium")}>
                Choose a plan
              </th>
              {plans.map(({ plan }) => (
                <td key={plan.id} className="px-2 py-3 text-center">
                  <Button asChild size="sm" variant={plan.isPopular ? "default" : "outline"}>
                    <Link href={planContactPath(plan.name)} aria-label={`Choose ${plan.name}`}>
                      Choose
                    </Link>
                  </Button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
    </div>
  );
}
