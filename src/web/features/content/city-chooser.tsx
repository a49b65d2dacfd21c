import { paths } from "@shared/paths.ts";
import type { CitySummary } from "@shared/schemas/content.ts";
import { Button } from "@web/components/ui/button.tsx";
import { useCities } from "@web/lib/content.ts";
import { useOnDemand } from "@web/lib/on-demand.ts";
import { ChevronsUpDown, MapPin } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";

/** What the list's code (loaded on first use) reads and changes. */
export interface ChooserState {
  cities: CitySummary[];
  typed: string | null;
  active: string | null;
  selectedSlug: string | undefined;
  setActive: (slug: string | null) => void;
  choose: (slug: string) => void;
  show: (open: boolean) => void;
}

export const CITY_LIST_ID = "city-chooser-list";
export const cityOptionId = (slug: string) => `city-option-${slug}`;

/**
 * Type to filter the cities, or open the grouped list, then Visit the chosen city's page: an
 * editable combobox (the WAI-ARIA pattern with list autocomplete). Until the visitor chooses,
 * Bengaluru (or the first major city) is selected; Visit stays disabled while the cities
 * load or when nothing is selected. The text box is rendered by the server and is the same
 * element throughout, so typing never loses focus; the list, its filtering and its keys
 * arrive on first use (focus warms them), keeping the landing page's first download small.
 */
export function CityChooser() {
  const { data: cities, isPending } = useCities();
  const [chosenSlug, setChosenSlug] = useState<string | null>(null);
  // what the visitor has typed; null while the box shows the selected city
  const [typed, setTyped] = useState<string | null>(null);
  // the highlighted option (aria-activedescendant): focus stays in the text box
  const [active, setActive] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const { loaded, prefetch, activate } = useOnDemand(() => import("./city-chooser-list.tsx"));

  const selected =
    cities?.find((c) => c.slug === chosenSlug) ??
    cities?.find((c) => c.slug === "bengaluru") ??
    cities?.find((c) => c.tier === "tier1");
  const show = (next: boolean) => {
    if (next) activate();
    else setTyped(null);
    setActive(next ? (selected?.slug ?? null) : null);
    setOpen(next);
  };
  const state: ChooserState = {
    cities: cities ?? [],
    typed,
    active,
    selectedSlug: selected?.slug,
    setActive,
    choose: (slug) => {
      setChosenSlug(slug);
      show(false);
    },
    show,
  };

  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row" data-testid="city-chooser">
      <div className="relative w-full sm:flex-1">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-3.5 left-3 size-4 text-primary"
        />
        <input
          role="combobox"
          aria-label="City"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={CITY_LIST_ID}
          aria-activedescendant={open && active ? cityOptionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Select a city"
          value={typed ?? selected?.name ?? ""}
          className="h-11 w-full rounded-md border border-input bg-background pr-9 pl-9 text-base font-medium shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          onFocus={(e) => {
            prefetch();
            // typing replaces the city shown rather than adding to it
            e.currentTarget.select();
          }}
          onClick={() => show(!open)}
          onBlur={() => show(false)}
          onChange={(e) => {
            activate();
            setTyped(e.target.value);
            setActive(null);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (loaded) loaded.onChooserKey(e, state, open);
            else if (e.key === "ArrowDown") {
              e.preventDefault();
              show(true);
            }
          }}
        />
        <ChevronsUpDown
          aria-hidden="true"
          className="pointer-events-none absolute top-3.5 right-3 size-4 opacity-50"
        />
        {open && loaded ? <loaded.CityList {...state} /> : null}
      </div>
      <Button
        size="lg"
        variant="accent"
        disabled={isPending || !selected}
        onClick={() => selected && navigate(paths.city(selected.slug))}
      >
        Visit
      </Button>
    </div>
  );
}
