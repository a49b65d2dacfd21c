import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Input, Label, NativeSelect } from "@web/components/ui/input.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { b2cPlansQuery } from "@web/lib/plans.ts";
import { Search, X } from "lucide-react";
import { type ComponentProps, type ReactNode, type Ref, useId } from "react";
import type { ListView } from "./use-list-view.ts";

/** the choices a city or plan filter offers, read only once the filter is opened or set */
export const useCityChoices = (enabled = true) => useQuery({ ...apiQuery("GET /api/cities"), enabled });

export const useB2CPlanChoices = (enabled = true) => useQuery({ ...b2cPlansQuery(), enabled });

/** a filter's small muted label above its control: the list, not the filters, draws the eye */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/** A labelled select; with `allLabel`, its first option means 'no filter'. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label} className={className}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-9 py-1.5">
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/**
 * A FilterSelect for the parameter `name` of a list's view. A queue that opens on its work
 * (open requests, transfers to approve) names that choice `fallback`: it is chosen while the
 * address has none, and choosing it again takes the parameter out of the address.
 */
export function ViewFilterSelect({
  view,
  name,
  fallback = "",
  ...select
}: {
  view: ListView;
  name: string;
  fallback?: string;
} & Omit<ComponentProps<typeof FilterSelect>, "value" | "onChange">) {
  return (
    <FilterSelect
      {...select}
      value={view.get(name) || fallback}
      onChange={(value) => view.set({ [name]: value === fallback ? "" : value })}
    />
  );
}

export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  className,
  inputRef,
  shortcut,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** the key that jumps here, announced to assistive technology */
  shortcut?: string;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label} className={className}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          ref={inputRef}
          type="search"
          aria-keyshortcuts={shortcut}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className="h-9 py-1.5 pl-8"
        />
      </div>
    </FilterField>
  );
}

export function ClearFilters({ onClear, visible }: { onClear: () => void; visible: boolean }) {
  if (!visible) return null;
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClear} className="self-end">
      <X aria-hidden="true" /> Clear filters
    </Button>
  );
}

/** A calendar day (YYYY-MM-DD), e.g. the ends of a date range filter */
function DateFilter({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label} className={className}>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 py-1.5"
      />
    </FilterField>
  );
}

/** "Raised from" and "Raised until": both ends of a list's date filter, as calendar days */
export function DateRangeFilter({
  verb,
  from,
  to,
  onChange,
}: {
  verb: string;
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <DateFilter
        label={`${verb} from`}
        value={from}
        onChange={(value) => onChange({ from: value })}
        className="w-40"
      />
      <DateFilter
        label={`${verb} until`}
        value={to}
        onChange={(value) => onChange({ to: value })}
        className="w-40"
      />
    </>
  );
}

export const toOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

// the plan and city filters of the ticket and policy lists; their choices load when first shown

interface ChoiceFilterProps {
  value: string;
  onChange: (value: string) => void;
  /** whether to load the choices now; a filter already set loads them anyway */
  enabled?: boolean;
}

export function PlanFilter({ value, onChange, enabled = true }: ChoiceFilterProps) {
  const plans = useB2CPlanChoices(enabled || Boolean(value));
  return (
    <FilterSelect
      label="Plan"
      allLabel="All plans"
      value={value}
      onChange={onChange}
      options={(plans.data ?? []).map(({ plan }) => ({ value: String(plan.id), label: plan.name }))}
      className="w-36"
    />
  );
}

export function CityFilter({ value, onChange, enabled = true }: ChoiceFilterProps) {
  const cities = useCityChoices(enabled || Boolean(value));
  const names = (cities.data ?? []).map((c) => c.name);
  // a city in a shared address is shown even before the list arrives
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <FilterSelect
      label="City"
      allLabel="All cities"
      value={value}
      onChange={onChange}
      options={names.map((name) => ({ value: name, label: name }))}
      className="w-40"
    />
  );
}
