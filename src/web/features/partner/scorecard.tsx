import { formatDate } from "@shared/format.ts";
import type { PartnerScorecard, ScoreGroup } from "@shared/schemas/partner.ts";
import { coveredItemLabel } from "@shared/schemas/policy-items.ts";
import { Card } from "@web/components/ui/card.tsx";
import { cn } from "@web/lib/cn.ts";

const shortMonth = (key: string) =>
  new Intl.DateTimeFormat("en-IN", { month: "short", timeZone: "UTC" }).format(
    new Date(`${key}-01T00:00:00Z`),
  );
const longMonth = (key: string) =>
  new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${key}-01T00:00:00Z`),
  );

/** claims per 100 homes, the figure that compares a big team with a small one */
const rate = (g: ScoreGroup) => (g.homes > 0 ? ((g.claims / g.homes) * 100).toFixed(1) : "–");

/**
 * One grouping as a table: each group's claims (with a bar to compare them at a glance),
 * the homes it applies to, and claims per 100 of those homes.
 */
function GroupTable({
  title,
  caption,
  groups,
  label,
  none,
  className,
}: {
  className?: string;
  title: string;
  caption: string;
  groups: ScoreGroup[];
  label: (key: string) => string;
  /** what a group without a key is called */
  none: string;
}) {
  const most = Math.max(1, ...groups.map((g) => g.claims));
  return (
    <Card className={cn("overflow-hidden", className)}>
      <h3 className="border-b px-4 py-3 font-semibold">{title}</h3>
      {groups.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-left text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {/* the card's heading names the column already */}
                  <span className="sr-only">{title}</span>
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Claims
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold">
                  Homes
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  <abbr title="Claims per 100 homes" className="no-underline">
                    Per 100
                  </abbr>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {groups.map((g) => (
                <tr key={g.key ?? ""}>
                  <th scope="row" className="px-4 py-2 text-left font-medium">
                    <span className={g.key === null ? "text-muted-foreground italic" : undefined}>
                      {g.key === null ? none : label(g.key)}
                    </span>
                    <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-muted">
                      <span
                        className="block h-full rounded-full bg-primary"
                        style={{ width: `${(g.claims / most) * 100}%` }}
                      />
                    </span>
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{g.claims}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{g.homes}</td>
                  <td className="px-4 py-2 text-right font-semibold tabular-nums">{rate(g)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** The last 12 months as a row of small bars, each month's claims beside the homes under cover then */
function MonthBars({ months }: { months: PartnerScorecard["byMonth"] }) {
  const most = Math.max(1, ...months.map((m) => m.claims));
  return (
    <Card className="p-4">
      <h3 className="font-semibold">Claims by month</h3>
      <ol className="mt-3 grid grid-cols-12 items-end gap-1" aria-label="Claims by month">
        {months.map((m) => (
          <li key={m.key} className="flex flex-col items-center gap-1" data-testid={`month-${m.key}`}>
            <span className="text-xs font-semibold tabular-nums" aria-hidden="true">
              {m.claims}
            </span>
            <span aria-hidden="true" className="flex h-20 w-full items-end rounded-sm bg-muted">
              <span
                className="block w-full rounded-sm bg-primary"
                style={{ height: `${(m.claims / most) * 100}%` }}
              />
            </span>
            <span className="text-[11px] text-muted-foreground" aria-hidden="true">
              {shortMonth(m.key)}
            </span>
            <span className="sr-only">
              {longMonth(m.key)}: {m.claims} {m.claims === 1 ? "claim" : "claims"}, {m.homes} homes under
              cover
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const asWritten = (key: string) => key;

/** the three groupings, each a table; covered items have long names, so theirs takes the full width */
const groupings = (card: PartnerScorecard) => [
  {
    className: "md:col-span-2",
    title: "Covered item",
    caption: "Claims by covered item",
    groups: card.byCoveredItem,
    label: coveredItemLabel,
    none: "Not named",
  },
  {
    title: "Installer or team",
    caption: "Claims by installer or fitting team",
    groups: card.byInstaller,
    label: asWritten,
    none: "Not named",
  },
  {
    title: "Brand / material",
    caption: "Claims by the brand or material of the claimed item",
    groups: card.byBrand,
    label: asWritten,
    none: "Not recorded",
  },
];

/**
 * The root-cause scorecard: where the claims on the partner's homes come from, so a studio
 * sees that a hinge brand or a fitting team causes the failures. Each group is compared by
 * claims per 100 of the homes it applies to, not by claims alone, so a team that fitted
 * many homes is not blamed for being busy.
 */
export function Scorecard({ card }: { card: PartnerScorecard }) {
  return (
    <div className="grid gap-4" data-testid="scorecard">
      <p className="text-sm text-muted-foreground">
        {card.claims} {card.claims === 1 ? "claim" : "claims"} raised since {formatDate(card.from)} on your{" "}
        {card.homes} registered {card.homes === 1 ? "home" : "homes"}. Compare groups by claims per 100 of the
        homes they apply to.
      </p>
      <MonthBars months={card.byMonth} />
      <div className="grid gap-4 md:grid-cols-2">
        {groupings(card).map((g) => (
          <GroupTable key={g.title} {...g} />
        ))}
      </div>
    </div>
  );
}
