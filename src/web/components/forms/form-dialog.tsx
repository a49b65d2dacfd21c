import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { DialogClose, DialogFooter, TitledDialog } from "@web/components/ui/dialog.tsx";
import type { LucideIcon } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";

/**
 * A button that opens a dialog holding one form. The form is mounted only while the dialog
 * is open (a closed dialog's content is unmounted), so each opening starts from its default values, never from what was typed and
 * abandoned last time; `form` gets the function that closes the dialog once it is saved.
 */
export function FormDialog({
  icon: Icon,
  trigger,
  triggerProps,
  title,
  description,
  className,
  form,
}: {
  /** drawn before the button's label, hidden from screen readers (the label names the button) */
  icon?: LucideIcon;
  /** the button's label */
  trigger: ReactNode;
  /** the button's look and name when it is not the outlined default */
  triggerProps?: Omit<ComponentProps<typeof Button>, "children" | "asChild">;
  title: string;
  description: ReactNode;
  className?: string;
  form: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" {...triggerProps}>
          {Icon ? <Icon aria-hidden="true" /> : null}
          {trigger}
        </Button>
      }
      title={title}
      description={description}
      className={className}
    >
      {form(() => setOpen(false))}
    </TitledDialog>
  );
}

/**
 * Cancel and submit at the foot of a dialog's form. While the request runs, the submit
 * button is disabled and shows a spinner and `pendingLabel`, so it cannot be sent twice.
 */
export function FormDialogFooter({
  pending,
  label,
  pendingLabel,
  icon,
  cancelLabel = "Cancel",
  destructive = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** shown before the label when nothing is pending */
  icon?: ReactNode;
  /** the button that closes the dialog unsaved, when "Cancel" would be ambiguous */
  cancelLabel?: string;
  /** a submit that cannot be undone is red */
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button
        type="submit"
        disabled={pending}
        className={
          destructive ? "bg-destructive text-destructive-foreground hover:bg-destructive/90" : undefined
        }
      >
        <BusyLabel busy={pending} icon={icon ?? null} busyText={pendingLabel}>
          {label}
        </BusyLabel>
      </Button>
    </DialogFooter>
  );
}
