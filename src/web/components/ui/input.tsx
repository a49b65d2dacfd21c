import { cn } from "@web/lib/cn.ts";
import type { ComponentProps } from "react";

const field =
  "w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs placeholder:text-muted-foreground/80 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-[invalid=true]:border-destructive";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(field, "h-10 py-2", className)} {...props} />;
}

/**
 * A person's own phone number: the phone keypad on a touch screen, and the number the browser
 * has saved offered to fill it in.
 */
export function PhoneInput(props: ComponentProps<"input">) {
  return <Input type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(field, "min-h-24 py-2 leading-relaxed", className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(field, "h-10 py-2 pr-8", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("text-sm font-medium text-foreground", className)} {...props} />;
}
