import { Button } from "@web/components/ui/button.tsx";
import { Input, Label, NativeSelect } from "@web/components/ui/input.tsx";
import { cn } from "@web/lib/cn.ts";
import { Search, X } from "lucide-react";
import { useId } from "react";

/** A labelled select whose first option means 'no filter'. */
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
  allLabel: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-9 py-1.5">
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className="h-9 py-1.5 pl-8"
        />
      </div>
    </div>
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

export const toOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
