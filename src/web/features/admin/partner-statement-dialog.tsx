import { zodResolver } from "@hookform/resolvers/zod";
import { previousMonth } from "@shared/dates.ts";
import { formatMonth } from "@shared/format.ts";
import { type StatementIssue, StatementIssueSchema } from "@shared/schemas/partner.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { FileText } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { RootError } from "./partner-form-parts.tsx";
import { useIssueStatement } from "./partners-api.ts";

/** Staff issue a month's statement: its registrations and its tax invoice, frozen once issued */
export function IssueStatementDialog({ partnerId }: { partnerId: number }) {
  return (
    <FormDialog
      icon={FileText}
      trigger="Issue statement"
      triggerProps={{ size: "sm" }}
      title="Issue a monthly statement"
      description="It lists the month's registrations with the plan's fee and makes its GST tax invoice, due in 30 days. An issued statement cannot be changed."
      form={(close) => <IssueStatementForm partnerId={partnerId} onIssued={close} />}
    />
  );
}

function IssueStatementForm({ partnerId, onIssued }: { partnerId: number; onIssued: () => void }) {
  const id = useId();
  const issue = useIssueStatement(partnerId);
  const form = useForm<StatementIssue>({
    resolver: zodResolver(StatementIssueSchema) as unknown as Resolver<StatementIssue>,
    // the month before this one in India: the month staff usually bill
    defaultValues: { month: previousMonth() },
  });
  const { failed } = useSaveErrors({ form, root: "Please try again." });
  const { errors } = form.formState;
  const fields = formFields(form, id);
  const month = form.watch("month");
  return (
    <Form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => issue.mutate(values, { onSuccess: onIssued, onError: failed }))}
    >
      <FormField
        {...fields.field("month")}
        label="Month"
        hint={/^\d{4}-\d{2}$/.test(month) ? formatMonth(month) : "A month that has ended"}
      >
        <Input {...fields.control("month", { hint: true })} type="month" max={previousMonth()} />
      </FormField>
      <RootError message={errors.root?.message} />
      <FormDialogFooter
        pending={issue.isPending}
        label="Issue statement"
        pendingLabel="Issuing..."
        icon={<FileText aria-hidden="true" />}
      />
    </Form>
  );
}
