import { zodResolver } from "@hookform/resolvers/zod";
import type { Policy } from "@shared/schemas/policy.ts";
import { PolicyCancelSchema } from "@shared/schemas/policy.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Textarea } from "@web/components/ui/input.tsx";
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
  const fields = formFields(form, id);
  return (
    <Form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        cancel.mutate({ id: purchase.id, reason: values.reason }, { onSuccess: onCancelled }),
      )}
    >
      <FormField {...fields.field("reason")} label="Reason for cancellation">
        <Textarea
          {...fields.control("reason")}
          rows={3}
          placeholder="e.g. Customer requested cancellation; property sold"
        />
      </FormField>
      <FormDialogFooter
        pending={cancel.isPending}
        label="Cancel Policy"
        pendingLabel="Cancelling..."
        cancelLabel="Keep Policy"
        destructive
      />
    </Form>
  );
}
