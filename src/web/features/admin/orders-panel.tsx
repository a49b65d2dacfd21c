import { formatDateTime, formatPaise } from "@shared/format.ts";
import {
  type AdminOrder,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  OrderCancelSchema,
  OrderConfirmSchema,
  type OrderStatus,
  type PaymentImportResult,
} from "@shared/schemas/order.ts";
import { useMutation } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { toOptions } from "@web/components/lists/filter-controls.tsx";
import { StatusQueue, useQueueStatus } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input, Textarea } from "@web/components/ui/input.tsx";
import { apiCall, apiPageQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { toast } from "@web/lib/toast.ts";
import { BadgeCheck, FileSpreadsheet, ShoppingCart, XCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { StepRefused, useAfterPaymentStep } from "./renewals-panel.tsx";

/** the default view: orders whose money is still to come or to be checked */
const OPEN = "open";

const TONE: Partial<Record<OrderStatus, BadgeTone>> = {
  payment_reported: "waiting",
  awaiting_payment: "info",
  paid: "done",
};

/** Online orders, newest first, the open ones by default; the bank statement's reconciliation above them. */
export function OrdersPanel() {
  const view = useListView();
  const status = useQueueStatus(view, OPEN);
  const orders = usePagedQuery(
    apiPageQuery("GET /api/admin/orders", {
      query: {
        status: status.isWaiting ? "awaiting_payment,payment_reported" : status.filter,
        cursor: view.cursor,
      },
    }),
  );
  return (
    <div className="grid gap-6">
      <Reconcile />
      <StatusQueue
        query={orders}
        view={view}
        noun={["order", "orders"]}
        empty={{
          icon: <ShoppingCart aria-hidden="true" />,
          title: status.isWaiting ? "Nothing waiting" : "No orders",
          text: "When a homeowner buys a plan online, the order appears here until it is paid.",
        }}
        label="Orders"
        row={(o) => <OrderRow order={o} />}
        statuses={{
          waiting: OPEN,
          options: [
            { value: OPEN, label: "Waiting for payment" },
            ...toOptions(ORDER_STATUSES, ORDER_STATUS_LABELS),
          ],
          className: "w-56",
        }}
        hint={
          <>
            Confirm an order once its money is in the bank: its policy comes into force that day with its tax
            invoice.
          </>
        }
      />
    </div>
  );
}

function OrderRow({ order: o }: { order: AdminOrder }) {
  const open = o.status === "awaiting_payment" || o.status === "payment_reported";
  return (
    <li
      className="grid gap-2 px-4 py-3 md:grid-cols-[1fr_auto] md:items-center"
      data-testid={`order-${o.id}`}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={TONE[o.status] ? "default" : "outline"} tone={TONE[o.status]}>
            {ORDER_STATUS_LABELS[o.status]}
          </Badge>
          <span className="font-mono text-sm font-semibold">{o.reference}</span>
          <span className="text-sm">
            {o.planName} Plan{o.renewalId ? " renewal" : ""} ·{" "}
            <span className="font-semibold tabular-nums">{formatPaise(o.amount)}</span>
          </span>
        </div>
        <p className="text-sm break-words">
          <span className="font-medium">{o.customerName}</span>{" "}
          <span className="text-muted-foreground">
            {o.customerEmail} · policy {o.policyNumber}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          Placed {formatDateTime(o.createdAt)}
          {o.reportedUtr ? ` · buyer's UTR ${o.reportedUtr}` : ""}
          {o.paidAt ? ` · paid ${formatDateTime(o.paidAt)}${o.utr ? ` (UTR ${o.utr})` : ""}` : ""}
          {open ? ` · expires ${formatDateTime(o.expiresAt)}` : ""}
          {o.cancelReason ? ` · ${o.cancelReason}` : ""}
        </p>
      </div>
      {open ? (
        <div className="flex flex-wrap gap-2">
          <ConfirmDialog order={o} />
          <CancelDialog order={o} />
        </div>
      ) : null}
    </li>
  );
}

function ConfirmDialog({ order }: { order: AdminOrder }) {
  return (
    <FormDialog
      icon={BadgeCheck}
      trigger={
        <>
          Confirm payment<span className="sr-only"> of {order.reference}</span>
        </>
      }
      triggerProps={{ size: "sm", variant: "default" }}
      title={`Confirm the payment of ${order.reference}`}
      description={`Once ${formatPaise(order.amount)} is in the bank: ${
        order.renewalId
          ? `the renewal of policy ${order.policyNumber} is activated from the day after its cover ends`
          : `policy ${order.policyNumber} comes into force today`
      }, its tax invoice is issued and ${order.customerName} is e-mailed.`}
      className="max-w-md"
      form={(close) => <ConfirmForm order={order} onDone={close} />}
    />
  );
}

function ConfirmForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const id = useId();
  const refresh = useAfterPaymentStep();
  const [utr, setUtr] = useState(order.reportedUtr ?? "");
  const [errors, setErrors] = useState<{ utr?: string; form?: string }>({});
  const confirm = useMutation({
    mutationFn: (body: { utr?: string }) =>
      apiCall("POST /api/admin/orders/:id/confirm", { params: { id: order.id }, body }),
    onSuccess: (o) => {
      void refresh();
      toast({
        title: "Payment confirmed",
        description: `Policy ${o.policyNumber} is ${o.renewalId ? "renewed" : "active"}; ${o.customerName} has been e-mailed.`,
      });
      onDone();
    },
    onError: (err) =>
      setErrors({ form: errorMessage(err, "Could not confirm the payment. Please try again.") }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = OrderConfirmSchema.safeParse(utr.trim() ? { utr } : {});
    if (!parsed.success) {
      setErrors({ utr: parsed.error.issues[0].message });
      return;
    }
    setErrors({});
    confirm.mutate(parsed.data);
  };
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={`Confirm the payment of ${order.reference}`}
    >
      <FormField
        id={`${id}-utr`}
        label="UTR"
        optional
        error={errors.utr}
        hint="The 12-digit reference of the credit in the bank statement."
      >
        <Input
          {...fieldA11y(`${id}-utr`, { error: errors.utr, hint: true })}
          value={utr}
          onChange={(e) => setUtr(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          className="font-mono"
        />
      </FormField>
      <StepRefused message={errors.form} />
      <FormDialogFooter pending={confirm.isPending} label="Confirm payment" pendingLabel="Confirming..." />
    </Form>
  );
}

function CancelDialog({ order }: { order: AdminOrder }) {
  return (
    <FormDialog
      icon={XCircle}
      trigger={
        <>
          Cancel<span className="sr-only"> order {order.reference}</span>
        </>
      }
      triggerProps={{ size: "sm" }}
      title={`Cancel order ${order.reference}`}
      description={
        order.renewalId
          ? `The renewal of policy ${order.policyNumber} is cancelled with your reason (the policy in force is not touched), and ${order.customerName} is e-mailed it.`
          : `Its pending policy ${order.policyNumber} is cancelled with your reason, and ${order.customerName} is e-mailed it.`
      }
      className="max-w-md"
      form={(close) => <CancelForm order={order} onDone={close} />}
    />
  );
}

function CancelForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const id = useId();
  const refresh = useAfterPaymentStep();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const cancel = useMutation({
    mutationFn: (value: string) =>
      apiCall("POST /api/admin/orders/:id/cancel", { params: { id: order.id }, body: { reason: value } }),
    onSuccess: (o) => {
      void refresh();
      toast({
        title: "Order cancelled",
        description: `${o.reference}: ${o.customerName} has been e-mailed.`,
      });
      onDone();
    },
    onError: (err) => setErrors({ form: errorMessage(err, "Could not cancel the order. Please try again.") }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = OrderCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setErrors({ reason: parsed.error.issues[0].message });
      return;
    }
    setErrors({});
    cancel.mutate(parsed.data.reason);
  };
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={`Cancel order ${order.reference}`}
    >
      <FormField id={`${id}-reason`} label="Reason" error={errors.reason}>
        <Textarea
          {...fieldA11y(`${id}-reason`, { error: errors.reason })}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      <StepRefused message={errors.form} />
      <FormDialogFooter pending={cancel.isPending} label="Cancel the order" pendingLabel="Cancelling..." />
    </Form>
  );
}

/** The bank statement's CSV: a preview of what matches, then the confirmation of the matched orders. */
function Reconcile() {
  const id = useId();
  const refresh = useAfterPaymentStep();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentImportResult | null>(null);
  const run = useMutation({
    mutationFn: (commit: boolean) =>
      apiCall("POST /api/admin/payments/import", { body: { csv: csv ?? "", commit } }),
    onSuccess: (r) => {
      setResult(r);
      if (r.committed) {
        void refresh();
        toast({
          title: "Statement reconciled",
          description: `${r.confirmed} ${r.confirmed === 1 ? "order" : "orders"} confirmed.`,
        });
      }
    },
  });
  const toConfirm = result?.matched.filter((l) => l.note === null).length ?? 0;
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="flex items-center gap-2 font-semibold">
        <FileSpreadsheet aria-hidden="true" className="size-4 text-primary" /> Reconcile a bank statement
      </h2>
      <p className="text-sm text-muted-foreground">
        The account's statement as CSV from the bank's site. Credits are matched to open orders by UTR or by
        the order reference in the narration, at the exact amount.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={`${id}-file`} label="Statement (CSV)">
          <Input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setResult(null);
              setCsv(file ? await file.text() : null);
            }}
          />
        </FormField>
        <Button variant="outline" disabled={!csv || run.isPending} onClick={() => run.mutate(false)}>
          Preview
        </Button>
        {result && !result.committed && toConfirm > 0 ? (
          <Button disabled={run.isPending} onClick={() => run.mutate(true)}>
            Confirm {toConfirm} {toConfirm === 1 ? "order" : "orders"}
          </Button>
        ) : null}
      </div>
      <StepRefused
        message={run.isError ? errorMessage(run.error, "The statement could not be read.") : undefined}
      />
      {result ? (
        <div className="grid gap-2 text-sm" data-testid="reconcile-result">
          <p className="font-medium">
            {result.committed ? `${result.confirmed} confirmed. ` : ""}
            {result.matched.length} matched, {result.unmatched.length} unmatched
          </p>
          <ul className="divide-y rounded-md border">
            {[...result.matched, ...result.unmatched].map((l) => (
              <li key={l.row} className="grid gap-0.5 px-3 py-2">
                <span>
                  Row {l.row} · {l.date} ·{" "}
                  <span className="font-semibold tabular-nums">{formatPaise(l.amount)}</span>
                  {l.orderReference ? ` · ${l.orderReference}` : ""}
                </span>
                <span className="truncate text-xs text-muted-foreground">{l.narration}</span>
                <span
                  className={l.orderId && !l.note ? "text-xs text-success" : "text-xs text-muted-foreground"}
                >
                  {l.orderId && !l.note ? "Matches: confirmed on commit" : l.note}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
