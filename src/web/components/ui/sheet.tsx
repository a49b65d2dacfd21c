import { cn } from "@web/lib/cn.ts";
import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import type { ComponentProps } from "react";

export const Sheet = D.Root;
export const SheetTitle = D.Title;

/** A panel sliding in from the right, used by the mobile menu. */
export function SheetContent({ className, children, ...props }: ComponentProps<typeof D.Content>) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <D.Content
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-[86%] max-w-sm flex-col gap-4 overflow-y-auto bg-background p-6 shadow-2xl outline-none",
          className,
        )}
        {...props}
      >
        {children}
        <D.Close
          aria-label="Close menu"
          className="absolute top-5 right-5 cursor-pointer rounded-md p-1.5 text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
