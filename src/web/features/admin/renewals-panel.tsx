import { formatDate, formatDateTime, formatPaise } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import {
  type AdminRenewal,
  RENEWAL_STATUS_LABELS,
  RENEWAL_STATUSES,
  RenewalActivateSchema,
  RenewalInspectionSchema,
  type RenewalStatus,
} from "@shared/schemas/renewal.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { toOptions } from "@web/components/lists/filter-controls.tsx";
import { StatusQueue, useQueueStatus } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input, Textarea } from "@web/components/ui/input.tsx";
import { apiCall, apiPageQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { POLICY_READS, refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";
import { BadgeCheck, ClipboardCheck, RefreshCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { RadioOption } from "./radio-option.tsx";

/** the default view: what waits for staff, an inspection to record or a payment to take */
const OPEN = "open";

/** the statuses that ask for attention or tell an outcome are tinted; the rest are outlined */
const TONE: Partial<Record<RenewalStatus, BadgeTone>> = {
  inspection_required: "waiting",
  awaiting_payment: "info",
  activated: "done",
  inspection_failed: "alarm",
};

/**
 * Renewals asked for by holders, newest first. What waits for staff is the default view:
 * a lapsed policy's inspection to record, then the payment to take and activate with its
 * reference. Each step e-mails the holder.
 */
export function RenewalsPanel() {
  const view = useListView();
  const status = useQueueStatus(view, OPEN);
  const renewals = usePagedQuery(
    apiPageQuery("GET /api/admin/renewals", {
      query: {
        status: status.isWaiting ? "inspection_required,awaiting_payment" : status.filter,
        cursor: view.cursor,
      },
    }),
  );
  return (
    <StatusQueue
      query={renewals}
      view={view}
      noun={["renewal", "renewals"]}
      empty={{
        icon: <RefreshCw aria-hidden="true" />,
        title: status.isWaiting ? "Nothing waiting" : "No renewals",
        text: "When a holder asks to renew a policy, it appears here.",
      }}
      label="Renewals"
      row={(r) => <RenewalRow renewal={r} />}
      statuses={{
        waiting: OPEN,
        options: [
          { value: OPEN, label: "Waiting for staff" },
          ...toOptions(RENEWAL_STATUSES, RENEWAL_STATUS_LABELS),
        ],
        className: "w-48",
      }}
      hint={
        <>
          A lapsed policy needs a passed inspection before payment. Activation makes the new period a new
          policy with its own invoice.
        </>
      }
    />
  );
}

function RenewalRow({ renewal: r }: { renewal: AdminRenewal }) {
  return (
    <li
      className="grid gap-2 px-4 py-3 md:grid-cols-[1fr_auto] md:items-center"
      data-testid={`renewal-${r.id}`}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={TONE[r.status] ? "default" : "outline"} tone={TONE[r.status]}>
            {RENEWAL_STATUS_LABELS[r.status]}
          </Badge>
          <span className="font-mono text-sm font-semibold">{r.policyNumber}</span>
          <span className="text-sm">
            {r.planName} Plan · {r.durationYears} yr ·{" "}
            <span className="font-semibold tabular-nums">{formatPaise(r.amount)}</span>
          </span>
          {r.lapsed ? <span className="text-xs font-medium text-muted-foreground">lapsed</span> : null}
        </div>
        <p className="flex flex-wrap gap-x-2 text-sm break-words">
          <Link href={paths.adminCustomer(r.customerId)} className="font-medium hover:underline">
            {r.customerName}
          </Link>
          <span className="text-muted-foreground">
            {r.customerEmail} · {r.propertyCity}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          Asked {formatDateTime(r.createdAt)} · cover {r.lapsed ? "ended" : "ends"} {formatDate(r.endDate)}
          {r.inspectedAt ? ` · inspection ${r.inspectionResult} ${formatDateTime(r.inspectedAt)}` : ""}
          {r.paymentReference ? ` · payment ${r.paymentReference}` : ""}
        </p>
        {r.inspectionNote ? <p className="text-sm italic">“{r.inspectionNote}”</p> : null}
        {r.status === "activated" && r.newPolicyNumber && r.newStartDate && r.newEndDate ? (
          <p className="text-sm">
            New policy <span className="font-mono font-semibold">{r.newPolicyNumber}</span>,{" "}
            {formatDate(r.newStartDate)} – {formatDate(r.newEndDate)}
          </p>
        ) : null}
      </div>
      {r.status === "inspection_required" ? <InspectionDialog renewal={r} /> : null}
      {r.status === "awaiting_payment" ? <ActivateDialog renewal={r} /> : null}
    </li>
  );
}

/**
 * After a payment step (a renewal inspected or put in force, an order confirmed or cancelled,
 * a bank statement read): the orders and renewals (an order may pay for a renewal), and
 * wherever a policy shows, since a policy comes into force, ends or lengthens.
 */
export function useAfterPaymentStep() {
  const queryClient = useQueryClient();
  return () => refreshReads(queryClient, "GET /api/admin/orders", "GET /api/admin/renewals", ...POLICY_READS);
}

function InspectionDialog({ renewal }: { renewal: AdminRenewal }) {
  return (
    <FormDialog
      icon={ClipboardCheck}
      trigger={
        <>
          Record inspection
          <span className="sr-only"> of {renewal.policyNumber}</span>
        </>
      }
      triggerProps={{ size: "sm" }}
      title={`Inspection of ${renewal.policyNumber}`}
      description="Passed opens payment. Failed ends this renewal: say what needs repair, as the holder is e-mailed the note."
      className="max-w-md"
      form={(close) => <InspectionForm renewal={renewal} onDone={close} />}
    />
  );
}

function InspectionForm({ renewal, onDone }: { renewal: AdminRenewal; onDone: () => void }) {
  const id = useId();
  const refresh = useAfterPaymentStep();
  const [result, setResult] = useState<"passed" | "failed" | "">("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ result?: string; note?: string; form?: string }>({});
  const save = useMutation({
    mutationFn: (body: { result: "passed" | "failed"; note: string }) =>
      apiCall("POST /api/admin/renewals/:id/inspection", { params: { id: renewal.id }, body }),
    onSuccess: (r) => {
      void refresh();
      toast({
        title: r.status === "awaiting_payment" ? "Inspection passed" : "Inspection failed",
        description:
          r.status === "awaiting_payment"
            ? `${r.policyNumber} now awaits payment. ${r.customerName} has been e-mailed.`
            : `The renewal of ${r.policyNumber} has ended. ${r.customerName} has been e-mailed the note.`,
      });
      onDone();
    },
    onError: (err) =>
      setErrors({ form: errorMessage(err, "Could not save the inspection. Please try again.") }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RenewalInspectionSchema.safeParse({ result: result || undefined, note });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as "result" | "note"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={`Inspection of ${renewal.policyNumber}`}
    >
      <fieldset aria-describedby={errors.result ? `${id}-result-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Result</legend>
        <div className="flex gap-5">
          {(["passed", "failed"] as const).map((value) => (
            <RadioOption
              key={value}
              name={`${id}-result`}
              value={value}
              checked={result === value}
              onChange={() => setResult(value)}
            >
              {value === "passed" ? "Passed" : "Failed"}
            </RadioOption>
          ))}
        </div>
        {errors.result ? (
          <p id={`${id}-result-error`} className="mt-2 text-sm font-medium text-danger">
            {errors.result}
          </p>
        ) : null}
      </fieldset>
      <FormField
        id={`${id}-note`}
        label="Note"
        error={errors.note}
        optional={result !== "failed"}
        hint={result === "failed" ? "What needs repair before the cover can be renewed." : undefined}
      >
        <Textarea
          {...fieldA11y(`${id}-note`, { error: errors.note, hint: result === "failed" })}
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <StepRefused message={errors.form} />
      <FormDialogFooter pending={save.isPending} label="Save the result" pendingLabel="Saving..." />
    </Form>
  );
}

function ActivateDialog({ renewal }: { renewal: AdminRenewal }) {
  return (
    <FormDialog
      icon={BadgeCheck}
      trigger={
        <>
          Activate
          <span className="sr-only"> the renewal of {renewal.policyNumber}</span>
        </>
      }
      triggerProps={{ size: "sm", variant: "default" }}
      title={`Activate the renewal of ${renewal.policyNumber}`}
      description={`Once ${formatPaise(renewal.amount)} is received: the new policy is issued with its certificate and tax invoice, and ${renewal.customerName} is e-mailed.`}
      className="max-w-md"
      form={(close) => <ActivateForm renewal={renewal} onDone={close} />}
    />
  );
}

function ActivateForm({ renewal, onDone }: { renewal: AdminRenewal; onDone: () => void }) {
  const id = useId();
  const refresh = useAfterPaymentStep();
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ reference?: string; form?: string }>({});
  const activate = useMutation({
    mutationFn: (paymentReference: string) =>
      apiCall("POST /api/admin/renewals/:id/activate", {
        params: { id: renewal.id },
        body: { paymentReference },
      }),
    onSuccess: (r) => {
      void refresh();
      toast({
        title: "Renewal activated",
        description: `New policy ${r.newPolicyNumber} for ${r.customerName}, from ${formatDate(r.newStartDate ?? "")}.`,
      });
      onDone();
    },
    onError: (err) =>
      setErrors({ form: errorMessage(err, "Could not activate the renewal. Please try again.") }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RenewalActivateSchema.safeParse({ paymentReference: reference });
    if (!parsed.success) {
      setErrors({ reference: parsed.error.issues[0].message });
      return;
    }
    setErrors({});
    activate.mutate(parsed.data.paymentReference);
  };
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={`Activate the renewal of ${renewal.policyNumber}`}
    >
      <FormField id={`${id}-ref`} label="Payment reference" error={errors.reference}>
        <Input
          {...fieldA11y(`${id}-ref`, { error: errors.reference })}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </FormField>
      <StepRefused message={errors.form} />
      <FormDialogFooter pending={activate.isPending} label="Activate" pendingLabel="Activating..." />
    </Form>
  );
}

/** Why the server refused the step (a 409: a colleague got there first), said inside the dialog. */
export function StepRefused({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}
