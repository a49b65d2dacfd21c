import type { CitySummary } from "@shared/schemas/content.ts";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover.tsx";
import { cn } from "@web/lib/cn.ts";
import { Check } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { groupCities } from "./city-groups.ts";

/** The chooser's Radix popover with the grouped city list, loaded on first use. */
export function CityChooserPopover({
  cities,
  selectedSlug,
  onSelect,
  open,
  onOpenChange,
  triggerProps,
  triggerContent,
}: {
  cities: CitySummary[] | undefined;
  selectedSlug: string | undefined;
  onSelect: (slug: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerProps: Record<string, unknown>;
  triggerContent: ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const groups = cities ? groupCities(cities) : [];
  const choose = (slug: string) => {
    onSelect(slug);
    onOpenChange(false);
  };

  // arrow keys move between options, as in any listbox
  const onListKeyDown = (e: KeyboardEvent) => {
    if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(e.key)) return;
    const options = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
    const at = options.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === "Home"
        ? 0
        : e.key === "End"
          ? options.length - 1
          : Math.min(options.length - 1, Math.max(0, at + (e.key === "ArrowDown" ? 1 : -1)));
    options[next]?.focus();
    e.preventDefault();
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger {...triggerProps}>{triggerContent}</PopoverTrigger>
      <PopoverContent
        className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0"
        onOpenAutoFocus={(e) => {
          // focus the selected option rather than the first one
          e.preventDefault();
          const current = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
          (current ?? listRef.current?.querySelector<HTMLElement>('[role="option"]'))?.focus();
        }}
      >
        <div
          ref={listRef}
          role="listbox"
          aria-label="Cities"
          // the scrolling list itself takes focus too, so it scrolls from the keyboard everywhere
          tabIndex={0}
          onKeyDown={onListKeyDown}
          className="max-h-[350px] overflow-y-auto p-1"
        >
          {cities ? null : <p className="p-3 text-sm text-muted-foreground">Loading cities…</p>}
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
                return (
                  <div
                    key={city.id}
                    role="option"
                    tabIndex={-1}
                    aria-selected={isSelected}
                    onClick={() => choose(city.slug)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        choose(city.slug);
                      }
                    }}
                    className={cn(
                      "flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-sm outline-none hover:bg-secondary focus-visible:bg-secondary focus-visible:outline-2 focus-visible:outline-ring",
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
      </PopoverContent>
    </Popover>
  );
}
