import { cn } from "@web/lib/cn.ts";
import { Popover as P } from "radix-ui";
import type { ComponentProps } from "react";

export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;

export function PopoverContent({
  className,
  sideOffset = 6,
  align = "start",
  ...props
}: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "z-50 rounded-lg border bg-popover p-1 text-popover-foreground shadow-xl shadow-black/10 outline-none",
          className,
        )}
        {...props}
      />
    </P.Portal>
  );
}
