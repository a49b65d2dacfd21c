import type { CitySummary } from "@shared/schemas/content.ts";
import { cn } from "@web/lib/cn.ts";
import { Check } from "lucide-react";
import type { KeyboardEvent } from "react";
import { type ChooserState, CITY_LIST_ID, cityOptionId } from "./city-chooser.tsx";
import { groupCities } from "./city-groups.ts";

/** The cities whose name or state contains what was typed, or all of them before any typing. */
function matching(cities: CitySummary[], typed: string | null) {
  const q = (typed ?? "").trim().toLowerCase();
  const found = q
    ? cities.filter((c) => c.name.toLowerCase().includes(q) || c.state.toLowerCase().includes(q))
    : cities;
  const groups = groupCities(found);
  // the options in the order they are shown, for the arrow keys
  return { groups, order: groups.flatMap((g) => g.cities.map((c) => c.slug)) };
}

/**
 * The chooser's keys, as the WAI-ARIA combobox pattern has them: Down and Up open the list
 * and move the highlight (wrapping round), Enter chooses the highlighted city (or the only
 * or first match of what was typed), Escape closes the list and puts the chosen city back.
 * Focus never leaves the text box, so typing goes on filtering.
 */
export function onChooserKey(e: KeyboardEvent, s: ChooserState, open: boolean) {
  const { order } = matching(s.cities, s.typed);
  if (e.key === "ArrowDown" || e.key === "ArrowUp") {
    e.preventDefault();
    if (!open) return s.show(true);
    const at = s.active ? order.indexOf(s.active) : -1;
    const step = e.key === "ArrowDown" ? 1 : -1;
    const next = at === -1 ? (step === 1 ? 0 : order.length - 1) : (at + step + order.length) % order.length;
    s.setActive(order[next] ?? null);
  } else if (e.key === "Enter" && open) {
    e.preventDefault();
    const slug = s.active && order.includes(s.active) ? s.active : s.typed ? order[0] : undefined;
    if (slug) s.choose(slug);
    else s.show(false);
  } else if (e.key === "Escape") {
    e.preventDefault();
    s.show(false);
  }
}

/** The grouped list under the text box, filtered by what was typed; at most 350 px tall. */
export function CityList({ cities, typed, active, selectedSlug, choose }: ChooserState) {
  const { groups } = matching(cities, typed);
  return (
    <div className="absolute inset-x-0 top-full z-50 mt-1.5 min-w-64 rounded-lg border bg-popover p-1 text-popover-foreground shadow-xl shadow-black/10">
      {cities.length === 0 ? (
        <p className="p-3 text-sm text-muted-foreground">Loading cities…</p>
      ) : groups.length === 0 ? (
        <p className="p-3 text-sm text-muted-foreground" role="status">
          No city matches “{typed?.trim()}”. Try another spelling.
        </p>
      ) : null}
      {/* kept (hidden) without a match: the text box's aria-controls names it */}
      <div
        id={CITY_LIST_ID}
        role="listbox"
        aria-label="Cities"
        hidden={groups.length === 0}
        className="max-h-[350px] overflow-y-auto"
        // a press on the list must not take focus from the text box (which would close the list)
        onMouseDown={(e) => e.preventDefault()}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a labelled group inside a listbox
          <div key={group.label} role="group" aria-label={group.label} className="py-1">
            <div
              aria-hidden="true"
              className="px-3 pt-2 pb-1 text-xs font-bold tracking-wider text-muted-foreground uppercase"
            >
              {group.label}
            </div>
            {group.cities.map((city) => {
              const isSelected = city.slug === selectedSlug;
              const isActive = city.slug === active;
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the text box (aria-activedescendant)
                // biome-ignore lint/a11y/useKeyWithClickEvents: the text box handles the keys for every option
                <div
                  key={city.id}
                  id={cityOptionId(city.slug)}
                  role="option"
                  aria-selected={isSelected}
                  onClick={() => choose(city.slug)}
                  ref={isActive ? (el) => el?.scrollIntoView({ block: "nearest" }) : undefined}
                  className={cn(
                    "flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-sm hover:bg-secondary",
                    isActive && "bg-secondary outline-2 outline-ring",
                    isSelected && "font-semibold text-primary",
                  )}
                >
                  {/* one line of text, read as "Chennai, Tamil Nadu" rather than "ChennaiTamil Nadu" */}
                  <span>
                    {city.name}
                    <span className="text-xs font-normal text-muted-foreground">, {city.state}</span>
                  </span>
                  {isSelected ? <Check aria-hidden="true" className="size-4" /> : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
