import { formatB2CPrice, formatRupees } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import type { PlanWithFeatures } from "@shared/schemas/content.ts";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentReads } from "@web/lib/content.ts";
import { paymentOptionsQuery } from "@web/lib/orders.ts";
import { planContactPath } from "@web/lib/plans.ts";
import { Check, X } from "lucide-react";
import { Link } from "wouter";

/** The three homeowner plans. Reads them itself unless the caller already has them. */
export function B2CPlanCards({
  plans,
  headingLevel = "h3",
}: {
  plans?: PlanWithFeatures[];
  headingLevel?: "h2" | "h3";
}) {
  const query = useQuery({ ...contentReads.b2cPlans(), enabled: !plans });
  // the Buy online path only while a UPI payee is configured (UPI_VPA)
  const online = useQuery(paymentOptionsQuery()).data?.onlinePurchase ?? false;
  const list = plans ?? query.data;
  if (!list) {
    if (query.isError)
      return <p className="text-center text-muted-foreground">Plans are unavailable right now.</p>;
    return <PlanCardsSkeleton />;
  }
  return (
    <ul className="grid items-stretch gap-6 lg:grid-cols-3">
      {list.map(({ plan, features }) => (
        <li key={plan.id} className="h-full">
          <Card
            className={cn(
              "relative flex h-full flex-col p-7",
              plan.isPopular &&
                "border-primary shadow-xl shadow-primary/10 ring-2 ring-primary lg:-my-3 lg:py-10",
            )}
          >
            {plan.isPopular ? (
              <Badge variant="accent" className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">
                POPULAR
              </Badge>
            ) : null}
            {headingLevel === "h2" ? (
              <h2 className="text-xl font-bold">{plan.name}</h2>
            ) : (
              <h3 className="text-xl font-bold">{plan.name}</h3>
            )}
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{plan.description}</p>
            <PlanPrice price={plan.price} duration={plan.duration} />
            <ul className="mt-6 grid gap-3 border-t pt-6 text-sm">
              {features.map((f) => (
                <li key={f.id} className={cn("flex gap-3", !f.included && "text-muted-foreground")}>
                  {f.included ? (
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  ) : (
                    <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 opacity-60" />
                  )}
                  <span>
                    {f.name}
                    {f.included ? null : <span className="sr-only"> (not included)</span>}
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-auto pt-8">
              <Button asChild variant={plan.isPopular ? "default" : "outline"} className="w-full" size="lg">
                <Link href={planContactPath(plan.name)} aria-label={`Select Plan: ${plan.name}`}>
                  Select Plan
                </Link>
              </Button>
              {online ? (
                <Button asChild variant="link" className="mt-2 w-full">
                  <Link href={paths.buy(plan.id)} aria-label={`Buy online: ${plan.name}`}>
                    Buy online
                  </Link>
                </Button>
              ) : null}
              <p className="mt-3 text-center text-xs text-muted-foreground">
                <Link
                  href={`${paths.warrantyTerms}#cover`}
                  className="underline underline-offset-4 hover:text-foreground"
                  aria-label={`Warranty terms of the ${plan.name} plan`}
                >
                  Warranty terms
                </Link>{" "}
                ·{" "}
                <Link
                  href={paths.refunds}
                  className="underline underline-offset-4 hover:text-foreground"
                  aria-label={`Cancellation and refunds of the ${plan.name} plan`}
                >
                  Cancellation and refunds
                </Link>
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Three placeholder cards, the middle one highlighted. */
function PlanCardsSkeleton() {
  return (
    <LoadingRegion label="Loading plans" className="grid gap-6 lg:grid-cols-3">
      {[false, true, false].map((highlighted, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className={cn("p-7", highlighted && "ring-2 ring-primary")}>
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          <Skeleton className="mt-8 h-10 w-1/2" />
          <div className="mt-8 grid gap-3">
            {Array.from({ length: 5 }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={j} className="h-4 w-full" />
            ))}
          </div>
          <Skeleton className="mt-8 h-12 w-full" />
        </Card>
      ))}
    </LoadingRegion>
  );
}

/** '₹24,999 for 5 years' as one phrase, with the amount set large. */
function PlanPrice({ price, duration }: { price: number; duration: number | null }) {
  const amount = formatRupees(price);
  const rest = formatB2CPrice(price, duration).slice(amount.length);
  return (
    <>
      <p className="mt-6 text-muted-foreground" data-testid="plan-price">
        <span className="font-display text-4xl font-bold tracking-tight text-foreground">{amount}</span>
        {rest}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{TAX_NOTE.b2c}</p>
    </>
  );
}
