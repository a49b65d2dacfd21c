import { zodResolver } from "@hookform/resolvers/zod";
import { formatMonth } from "@shared/format.ts";
import { type StatementIssue, StatementIssueSchema } from "@shared/schemas/partner.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { todayInIndia } from "@web/components/lists/labels.ts";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { FileText } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { RootError } from "./partner-form-parts.tsx";
import { useIssueStatement } from "./partners-api.ts";

/** the month before this one in India, "YYYY-MM": the month staff usually bill */
export function lastMonth(today = todayInIndia()): string {
  const [y, m] = today.slice(0, 7).split("-").map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

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
    defaultValues: { month: lastMonth() },
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
        <Input {...fields.control("month", { hint: true })} type="month" max={lastMonth()} />
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
