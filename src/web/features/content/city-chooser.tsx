import { paths } from "@shared/paths.ts";
import { Button, buttonVariants } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { standInTriggerProps, useOnDemand } from "@web/lib/on-demand.ts";
import { ChevronsUpDown, MapPin } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { useCities } from "./api.ts";
import { defaultCity } from "./city-groups.ts";

/**
 * Pick a city from a grouped list in a popover, then Visit its page. Until the visitor
 * chooses, Bengaluru (or the first major city) is selected; Visit stays disabled while
 * the list loads or when nothing is selected. The popover's code loads on first use.
 */
export function CityChooser() {
  const { data: cities, isPending } = useCities();
  const [chosenSlug, setChosenSlug] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const { loaded, prefetch, activate } = useOnDemand(() => import("./city-chooser-popover.tsx"));

  const selected = cities?.find((c) => c.slug === chosenSlug) ?? (cities ? defaultCity(cities) : undefined);
  const label = selected?.name ?? "Select a city";
  const triggerProps = {
    role: "combobox",
    "aria-expanded": open,
    "aria-haspopup": "listbox",
    "aria-label": `City: ${label}`,
    className: cn(
      buttonVariants({ variant: "outline", size: "lg" }),
      "w-full justify-between font-medium sm:flex-1",
    ),
  } as const;
  const triggerContent = (
    <>
      <span className="flex items-center gap-2 truncate">
        <MapPin aria-hidden="true" className="text-primary" />
        {label}
      </span>
      <ChevronsUpDown aria-hidden="true" className="opacity-50" />
    </>
  );

  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row" data-testid="city-chooser">
      {loaded ? (
        <loaded.CityChooserPopover
          cities={cities}
          selectedSlug={selected?.slug}
          onSelect={setChosenSlug}
          open={open}
          onOpenChange={setOpen}
          triggerProps={triggerProps}
          triggerContent={triggerContent}
        />
      ) : (
        <button
          type="button"
          {...triggerProps}
          {...standInTriggerProps(prefetch, () => {
            activate();
            setOpen(true);
          })}
        >
          {triggerContent}
        </button>
      )}
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
