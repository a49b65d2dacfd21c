import type { Partner, PartnerOverview } from "@shared/schemas/partner.ts";
import { cn } from "@web/lib/cn.ts";

/**
 * A partner's logo, or without one its initials on its brand colour: how staff tell
 * partners apart at a glance. The logo sits on white, as it does on the certificate.
 */
export function PartnerLogo({
  partner,
  size = "md",
}: {
  partner: Pick<Partner, "name" | "logoUrl" | "brandColour">;
  size?: "sm" | "md";
}) {
  const box = size === "sm" ? "h-9 w-14" : "h-16 w-28";
  if (partner.logoUrl) {
    return (
      <img
        src={partner.logoUrl}
        alt={`${partner.name} logo`}
        className={cn(box, "shrink-0 rounded-md border bg-white object-contain p-1")}
      />
    );
  }
  const initials = partner.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: partner.brandColour }}
      className={cn(
        box,
        "flex shrink-0 items-center justify-center rounded-md font-bold",
        isLight(partner.brandColour) ? "text-zinc-950" : "text-white",
        size === "sm" ? "text-xs" : "text-lg",
      )}
    >
      {initials}
    </span>
  );
}

/** whether dark text reads better than white on a "#rrggbb" colour (its relative luminance) */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18;
}

/** "7 of 15", "12 (unlimited)", with the registrations accepted past the quota */
export function QuotaUse({ month }: { month: PartnerOverview["month"] }) {
  return (
    <span>
      {month.registrations}
      <span className="text-muted-foreground">
        {month.quota === null ? " (no limit)" : ` of ${month.quota}`}
      </span>
      {month.overQuota > 0 ? (
        <span className="block text-xs font-semibold text-amber-800 dark:text-amber-200">
          {month.overQuota} over quota
        </span>
      ) : null}
    </span>
  );
}
