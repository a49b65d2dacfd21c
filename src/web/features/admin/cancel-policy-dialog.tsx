import { zodResolver } from "@hookform/resolvers/zod";
import type { Policy } from "@shared/schemas/policy.ts";
import { PolicyCancelSchema } from "@shared/schemas/policy.ts";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { Label, Textarea } from "@web/components/ui/input.tsx";
import { Ban } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useCancelPolicy } from "./api.ts";

type CancelForm = z.input<typeof PolicyCancelSchema>;
type Purchase = Pick<Policy, "id" | "policyNumber">;

/** Cancelling a policy asks why; the reason is kept on the policy and in the audit log. */
export function CancelPolicyDialog({ purchase }: { purchase: Purchase }) {
  return (
    <FormDialog
      icon={Ban}
      trigger="Cancel"
      triggerProps={{
        size: "sm",
        variant: "ghost",
        className: "text-red-700 hover:bg-red-500/10 dark:text-red-300",
        "aria-label": `Cancel policy ${purchase.policyNumber}`,
      }}
      title={`Cancel policy ${purchase.policyNumber}?`}
      description="The customer loses cover from today and can no longer raise tickets on this policy. This cannot be undone."
      form={(close) => <CancelPolicyForm purchase={purchase} onCancelled={close} />}
    />
  );
}

function CancelPolicyForm({ purchase, onCancelled }: { purchase: Purchase; onCancelled: () => void }) {
  const id = useId();
  const cancel = useCancelPolicy();
  const form = useForm<CancelForm, unknown, z.output<typeof PolicyCancelSchema>>({
    resolver: zodResolver(PolicyCancelSchema),
    defaultValues: { reason: "" },
  });
  const error = form.formState.errors.reason?.message;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        cancel.mutate({ id: purchase.id, reason: values.reason }, { onSuccess: onCancelled }),
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
      <FormDialogFooter
        pending={cancel.isPending}
        label="Cancel Policy"
        pendingLabel="Cancelling..."
        cancelLabel="Keep Policy"
        destructive
      />
    </form>
  );
}
