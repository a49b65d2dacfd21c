import type { CitySummary } from "@shared/schemas/content.ts";

/** The chooser's groups, in display order. A city falls in the first that claims it. */
const GROUPS: { label: string; includes: (c: CitySummary) => boolean }[] = [
  { label: "Major Cities", includes: (c) => c.tier === "tier1" },
  { label: "Tamil Nadu", includes: (c) => c.state === "Tamil Nadu" },
  {
    label: "South India",
    includes: (c) => ["Karnataka", "Andhra Pradesh", "Telangana"].includes(c.state),
  },
  {
    label: "North India",
    includes: (c) => ["Delhi", "Uttar Pradesh", "Haryana", "Punjab/Haryana", "Rajasthan"].includes(c.state),
  },
  { label: "Other Cities", includes: () => true },
];

export interface CityGroup {
  label: string;
  cities: CitySummary[];
}

export function groupCities(cities: CitySummary[]): CityGroup[] {
  const buckets = GROUPS.map((g) => ({ label: g.label, cities: [] as CitySummary[] }));
  for (const city of cities) {
    const index = GROUPS.findIndex((g) => g.includes(city));
    buckets[index].cities.push(city);
  }
  return buckets.filter((b) => b.cities.length > 0);
}
