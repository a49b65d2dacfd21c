import { formatPaise } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import { ORDER_PAYMENT_DAYS, ORDER_STATUS_LABELS, PaymentReportSchema } from "@shared/schemas/order.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiCall, errorMessage, errorStatus } from "@web/lib/api.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { orderQuery } from "@web/lib/orders.ts";
import { toast } from "@web/lib/toast.ts";
import { CircleCheck, Send, Smartphone } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { UpiQr } from "./upi-qr.tsx";

/**
 * /orders/{id}: how to pay an order by UPI (its QR code to scan, or on a phone a button that
 * opens the UPI app with everything filled in), and a form to report the payment's UTR so
 * staff can match it with the bank. Once paid, the way to the policy, now active.
 */
export function OrderScreen({ id }: { id: number | null }) {
  const order = useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });
  if (id === null || errorStatus(order.error) === 404 || errorStatus(order.error) === 400) {
    return (
      <Container className="py-12">
        <Card className="p-6">
          <h1 className="text-2xl font-bold">Order not found</h1>
          <p className="mt-2 text-muted-foreground">There is no such order in your account.</p>
          <Button asChild className="mt-4">
            <Link href={paths.dashboard}>Go to your dashboard</Link>
          </Button>
        </Card>
      </Container>
    );
  }
  if (order.isPending) {
    return (
      <Container className="max-w-2xl py-10">
        <LoadingRegion label="Loading your order" className="grid gap-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-72" />
        </LoadingRegion>
      </Container>
    );
  }
  if (order.isError) {
    return (
      <Container className="py-12">
        <LoadError what="this order" onRetry={() => void order.refetch()} />
      </Container>
    );
  }
  const o = order.data;
  const open = o.status === "awaiting_payment" || o.status === "payment_reported";
  return (
    <Container className="max-w-2xl py-8 md:py-12">
      <PageMeta
        title={`Order ${o.reference}`}
        description="Pay for your order by UPI."
        path={paths.order(o.id)}
        noindex
      />
      <header>
        <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">
          {o.renewalId ? "Your renewal" : "Your order"}
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold">
          {open ? `Pay ${formatPaise(o.amount)} by UPI` : ORDER_STATUS_LABELS[o.status]}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Order <span className="font-mono font-semibold text-foreground">{o.reference}</span> ·{" "}
          <Badge variant="outline">{ORDER_STATUS_LABELS[o.status]}</Badge> · {TAX_NOTE.b2c}
        </p>
      </header>
      {o.status === "paid" ? (
        <Card className="mt-6 flex gap-3 p-6" role="status">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <div>
            <p className="font-semibold">
              {o.renewalId
                ? "Payment received: your renewal is active."
                : "Payment received: your policy is active."}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {o.renewalId
                ? "The renewed policy, with its tax invoice and certificate, is linked from the policy page."
                : "Its tax invoice and certificate are on the policy page."}
            </p>
            <Button asChild className="mt-4">
              <Link href={paths.purchase(o.purchaseId)}>View your policy</Link>
            </Button>
          </div>
        </Card>
      ) : open ? (
        <div className="mt-6 grid gap-6">
          <Card className="grid gap-4 p-6 text-center">
            <UpiQr
              uri={o.upiUri}
              label={`QR code to pay ${formatPaise(o.amount)} by UPI for order ${o.reference}`}
            />
            <p className="text-sm text-muted-foreground">
              Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM or your bank's). The amount and the
              order reference are filled in.
            </p>
            {/* a phone opens its UPI app from the link itself; a computer scans the code instead */}
            <Button asChild size="lg" className="md:hidden">
              <a href={o.upiUri}>
                <Smartphone aria-hidden="true" /> Open UPI app
              </a>
            </Button>
            <p className="text-xs text-muted-foreground">
              {o.renewalId
                ? `Not paid within ${ORDER_PAYMENT_DAYS} days, the renewal is cancelled; your current cover is not affected. The renewed cover starts the day after the current one ends.`
                : `Not paid within ${ORDER_PAYMENT_DAYS} days, the order is cancelled. Your cover starts the day the payment is confirmed.`}
            </p>
          </Card>
          <ReportUtr orderId={o.id} reported={o.status === "payment_reported"} />
        </div>
      ) : (
        <Card className="mt-6 p-6">
          <p>This order is {ORDER_STATUS_LABELS[o.status].toLowerCase()} and can no longer be paid.</p>
          <Button asChild className="mt-4">
            {o.renewalId ? (
              <Link href={paths.purchase(o.purchaseId)}>Go to the policy</Link>
            ) : (
              <Link href={paths.b2c}>See our plans</Link>
            )}
          </Button>
        </Card>
      )}
    </Container>
  );
}

function ReportUtr({ orderId, reported }: { orderId: number; reported: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [utr, setUtr] = useState("");
  const [error, setError] = useState<string | undefined>();
  const report = useMutation({
    mutationFn: (value: string) =>
      apiCall("POST /api/orders/:id/payment", { params: { id: orderId }, body: { utr: value } }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(orderId).queryKey, order);
      setUtr("");
      toast({ title: "Thank you", description: "We will confirm your payment and e-mail you." });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PaymentReportSchema.safeParse({ utr });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(undefined);
    report.mutate(parsed.data.utr);
  };
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Paid? Tell us the UTR</h2>
      {reported ? (
        <p className="mt-2 text-sm" role="status">
          Thank you: we have your UTR and are checking the payment with the bank. You can send a corrected one
          below.
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">
          Your UPI app shows a 12-digit UTR (or UPI reference) once the payment goes through. It helps us
          confirm it sooner.
        </p>
      )}
      <Form
        noValidate
        onSubmit={onSubmit}
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        aria-label="Report your payment"
      >
        <FormField id={`${id}-utr`} label="UTR (12 digits)" error={error}>
          <Input
            {...fieldA11y(`${id}-utr`, { error })}
            name="utr"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={utr}
            onChange={(e) => setUtr(e.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={report.isPending}>
          <BusyLabel busy={report.isPending} icon={<Send aria-hidden="true" />} busyText="Sending…">
            Report payment
          </BusyLabel>
        </Button>
      </Form>
      {report.isError ? (
        <div className="mt-3">
          <FormFailure
            title="The UTR was not sent"
            message={errorMessage(report.error, "Please try again.")}
          />
        </div>
      ) : null}
    </Card>
  );
}
