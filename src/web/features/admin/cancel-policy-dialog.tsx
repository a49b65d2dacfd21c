import { zodResolver } from "@hookform/resolvers/zod";
import type { Policy } from "@shared/schemas/policy.ts";
import { PolicyCancelSchema } from "@shared/schemas/policy.ts";
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
import { Label, Textarea } from "@web/components/ui/input.tsx";
import { Ban, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useCancelPolicy } from "./api.ts";

type CancelForm = z.input<typeof PolicyCancelSchema>;

/** Cancelling a policy asks why; the reason is kept on the policy and in the audit log. */
export function CancelPolicyDialog({ purchase }: { purchase: Pick<Policy, "id" | "policyNumber"> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const cancel = useCancelPolicy();
  const form = useForm<CancelForm, unknown, z.output<typeof PolicyCancelSchema>>({
    resolver: zodResolver(PolicyCancelSchema),
    defaultValues: { reason: "" },
  });
  const error = form.formState.errors.reason?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-500/10 dark:text-red-300"
          aria-label={`Cancel policy ${purchase.policyNumber}`}
        >
          <Ban aria-hidden="true" /> Cancel
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel policy {purchase.policyNumber}?</DialogTitle>
          <DialogDescription>
            The customer loses cover from today and can no longer raise tickets on this policy. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) =>
            cancel.mutate({ id: purchase.id, reason: values.reason }, { onSuccess: () => setOpen(false) }),
          )}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason for cancellation</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              placeholder="e.g. Customer requested cancellation; property sold"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reason-error` : undefined}
              {...form.register("reason")}
            />
            {error ? (
              <p id={`${id}-reason-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep Policy
              </Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={cancel.isPending}
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            >
              {cancel.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Cancel Policy
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
