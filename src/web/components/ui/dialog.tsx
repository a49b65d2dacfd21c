import { cn } from "@web/lib/cn.ts";
import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";

const Dialog = D.Root;
const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** A centred modal; Radix traps focus, closes on Escape and returns focus to the trigger. */
function DialogContent({
  className,
  children,
  closeLabel = "Close",
  ...props
}: ComponentProps<typeof D.Content> & { closeLabel?: string }) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <D.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[92vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-2xl outline-none",
          className,
        )}
        {...props}
      >
        {children}
        <D.Close
          aria-label={closeLabel}
          className="absolute top-4 right-4 cursor-pointer rounded-md p-1.5 text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

function DialogTitle({ className, ...props }: ComponentProps<typeof D.Title>) {
  return <D.Title className={cn("text-lg font-bold leading-tight", className)} {...props} />;
}

function DialogDescription({ className, ...props }: ComponentProps<typeof D.Description>) {
  return <D.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** a dialog opened and closed by its owner (a button, a key, a row), not by a trigger of its own */
export interface OpenState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog headed by its title and the line under it, over `children`. With `trigger` (a
 * button) it opens from that button, which then says it opens a dialog and gets the focus
 * back when the dialog closes; without one, its owner opens it (a key, a row) through `open`.
 * `open` may also be given with a trigger, when the owner needs to know whether it is open.
 */
export function TitledDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className,
  children,
}: Partial<OpenState> & {
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
