import { Button } from "@web/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@web/components/ui/dialog.tsx";
import { Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";

/**
 * A button that opens a dialog holding one form. The form is mounted only while the dialog
 * is open, so each opening starts from its default values, never from what was typed and
 * abandoned last time; `form` gets the function that closes the dialog once it is saved.
 */
export function FormDialog({
  trigger,
  title,
  description,
  className,
  form,
}: {
  /** the button's content: an icon and its label */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  className?: string;
  form: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">{trigger}</Button>
      </DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? form(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
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
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** shown before the label when nothing is pending */
  icon?: ReactNode;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : (icon ?? null)}
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
