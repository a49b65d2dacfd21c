import { cn } from "@web/lib/cn.ts";
import type { ComponentProps, ReactNode } from "react";

const look = {
  default:
    "inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border bg-background px-4 text-sm font-semibold hover:bg-secondary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
  sm: "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 text-sm font-semibold hover:bg-secondary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
};

/**
 * A button that opens the file chooser. The real <input type="file"> stays in the page, hidden,
 * so the keyboard, screen readers and tests reach it; the label around it looks like an outline
 * button and shows the input's focus ring. The other props go to the input.
 */
export function FileButton({
  size = "default",
  disabled,
  children,
  ...input
}: Omit<ComponentProps<"input">, "type" | "className" | "children" | "size"> & {
  size?: keyof typeof look;
  children: ReactNode;
}) {
  return (
    <label className={cn(disabled ? "pointer-events-none opacity-60" : "")}>
      <input type="file" className="peer sr-only" disabled={disabled} {...input} />
      <span className={look[size]}>{children}</span>
    </label>
  );
}
