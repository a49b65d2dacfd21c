import { cn } from "@web/lib/cn.ts";
import { DropdownMenu as D } from "radix-ui";
import type { ComponentProps } from "react";

export const DropdownMenu = D.Root;
export const DropdownMenuTrigger = D.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: ComponentProps<typeof D.Content>) {
  return (
    <D.Portal>
      <D.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-48 rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg shadow-black/10",
          className,
        )}
        {...props}
      />
    </D.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof D.Item>) {
  return (
    <D.Item
      className={cn(
        "flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-secondary data-[highlighted]:text-secondary-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof D.Label>) {
  return <D.Label className={cn("px-3 py-2 text-xs text-muted-foreground", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof D.Separator>) {
  return <D.Separator className={cn("my-1 h-px bg-border", className)} {...props} />;
}
