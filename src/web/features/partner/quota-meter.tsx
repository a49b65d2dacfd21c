import type { PartnerOverview } from "@shared/schemas/partner.ts";
import { Card } from "@web/components/ui/card.tsx";
import { cn } from "@web/lib/cn.ts";

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * This month's registrations against the plan's quota: a meter that turns amber near the
 * limit and red at it. Enterprise has no limit: the count alone. Registrations accepted past
 * the quota (a contract that bills them) are counted apart.
 */
export function QuotaMeter({ overview }: { overview: PartnerOverview }) {
  const { month, partner } = overview;
  const quota = month.quota;
  const share = quota ? Math.min(1, month.registrations / quota) : 0;
  const full = quota !== null && month.registrations >= quota;
  const left = quota === null ? null : Math.max(0, quota - month.registrations);
  return (
    <Card className="grid gap-3 p-5" data-testid="quota">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">Registrations in {monthName(month.month)}</h2>
        <span className="text-sm text-muted-foreground">{partner.planName}</span>
      </div>
      <p className="text-3xl font-bold tabular-nums">
        {month.registrations}
        <span className="text-base font-medium text-muted-foreground">
          {quota === null ? " registered · no monthly limit" : ` of ${quota}`}
        </span>
      </p>
      {quota !== null ? (
        <>
          {/* the native meter speaks to assistive technology; the bar beside it is what is seen */}
          <meter
            className="sr-only"
            min={0}
            max={quota}
            low={Math.ceil(quota * 0.8)}
            high={quota}
            value={Math.min(month.registrations, quota)}
            aria-label="Registrations this month against the quota"
          >
            {month.registrations} of {quota}
          </meter>
          <div aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-muted">
            <div
              className={cn(
                "h-full rounded-full transition-[width]",
                full ? "bg-red-600 dark:bg-red-400" : share >= 0.8 ? "bg-amber-500" : "bg-primary",
              )}
              style={{ width: `${Math.round(share * 100)}%` }}
            />
          </div>
        </>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {quota === null
          ? "Your Enterprise contract registers every project."
          : full
            ? partner.overQuota === "bill"
              ? "The month's quota is used: further registrations are accepted and billed as extra."
              : "The month's quota is used: registrations open again on the 1st."
            : `${left} left this month; the count starts again on the 1st (India time).`}
      </p>
      {month.overQuota > 0 ? (
        <p
          className="rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          data-testid="over-quota"
        >
          {month.overQuota} {month.overQuota === 1 ? "registration was" : "registrations were"} past the quota
          this month and will be billed as extra.
        </p>
      ) : null}
    </Card>
  );
}
