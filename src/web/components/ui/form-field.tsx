import { cn } from "@web/lib/cn.ts";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Label } from "./input.tsx";

/**
 * The accessibility wiring of one form control: its id, aria-invalid, and the ids of the
 * hint and error it should be described by. Spread onto the Input/Textarea/NativeSelect.
 */
export function fieldA11y(id: string, { error, hint }: { error?: string; hint?: boolean } = {}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/**
 * A failed parse's messages by the field each is about, for a form that keeps its own
 * errors rather than using react-hook-form. A field with several problems shows the last.
 */
export function messagesByField(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((i) => [String(i.path[0]), i.message]));
}

/** Label, control, optional hint and the validation message, stacked (shadcn/ui "FormItem"). */
export function FormField({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** shows "(optional)" beside the label */
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {/* the theme's destructive red is too dark on the dark card: a lighter red keeps 4.5:1 */}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
