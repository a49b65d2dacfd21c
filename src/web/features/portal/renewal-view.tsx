import { addDays, policyEndDate } from "@shared/dates.ts";
import { formatDate, formatPaise } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import { type PolicyRenewal, RenewalRequestSchema } from "@shared/schemas/renewal.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BackLink } from "@web/components/layout/back-link.tsx";
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
import { cn } from "@web/lib/cn.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { toast } from "@web/lib/toast.ts";
import { CalendarClock, RefreshCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { policyQuery } from "./api.ts";
import { PolicyNotFound } from "./policy-detail.tsx";
import { canRenew, RenewalProgress, renewalQuery } from "./renewal.tsx";

/** /purchases/{id}/renew: the holder picks the same plan or a higher one, and asks to renew. */
export function RenewalView({ id }: { id: number | null }) {
  const policy = useQuery({ ...policyQuery(id ?? 0), enabled: id !== null });
  const renewal = useQuery({ ...renewalQuery(id ?? 0), enabled: id !== null });
  const missing = [policy.error, renewal.error].map(errorStatus).some((s) => s === 404 || s === 400);
  if (id === null || missing) return <PolicyNotFound path={paths.renewPurchase(id ?? "")} />;
  if (policy.isPending || renewal.isPending) {
    return (
      <Container className="max-w-3xl py-8 md:py-12">
        <LoadingRegion label="Loading renewal..." className="grid gap-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-72" />
        </LoadingRegion>
      </Container>
    );
  }
  if (policy.isError || renewal.isError) {
    return (
      <Container className="py-12">
        <LoadError
          what="this renewal"
          onRetry={() => {
            void policy.refetch();
            void renewal.refetch();
          }}
        />
      </Container>
    );
  }
  const { purchase, planName } = policy.data;
  const r = renewal.data;
  return (
    <Container className="max-w-3xl py-8 md:py-12">
      <PageMeta
        title={`Renew policy ${purchase.policyNumber}`}
        description={`Renew your ${planName} Plan warranty policy.`}
        path={paths.renewPurchase(purchase.id)}
        noindex
      />
      <nav aria-label="Breadcrumb">
        <BackLink href={paths.purchase(purchase.id)}>Back to the policy</BackLink>
      </nav>
      <header className="mt-5">
        <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">Renewal</p>
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">Renew your cover</h1>
        <p className="mt-2 text-muted-foreground">
          {planName} Plan · <span className="font-mono text-foreground">{purchase.policyNumber}</span> ·{" "}
          {r.lapsed ? "ended" : "ends"} {formatDate(purchase.endDate)}
        </p>
      </header>
      <div className="mt-6">
        {canRenew(r) ? (
          <RenewalForm purchaseId={purchase.id} endDate={purchase.endDate} renewal={r} />
        ) : (
          <div className="grid gap-4">
            {r.state === "not_yet" ? (
              <Card className="flex gap-2 p-6">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <p>
                  You can renew this policy from <strong>{formatDate(r.opensOn)}</strong>, 60 days before it
                  ends. We will remind you by e-mail.
                </p>
              </Card>
            ) : r.renewal ? (
              <RenewalProgress renewal={r.renewal} />
            ) : (
              <Card className="p-6">
                <p>This policy cannot be renewed. Call us if you would like new cover for this home.</p>
              </Card>
            )}
            <Button asChild variant="outline" className="justify-self-start">
              <Link href={paths.purchase(purchase.id)}>Go to the policy</Link>
            </Button>
          </div>
        )}
      </div>
    </Container>
  );
}

function RenewalForm({
  purchaseId,
  endDate,
  renewal: r,
}: {
  purchaseId: number;
  endDate: string;
  renewal: PolicyRenewal;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  // the policy's own plan comes first and is chosen to begin with
  const [planId, setPlanId] = useState<number | undefined>(
    (r.options.find((o) => !o.upgrade) ?? r.options[0])?.planId,
  );
  const [gstin, setGstin] = useState(r.gstin ?? "");
  const [errors, setErrors] = useState<{ planId?: string; gstin?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (body: { planId: number; gstin: string }) =>
      apiCall("POST /api/purchases/:id/renewal", { params: { id: purchaseId }, body }),
    onSuccess: (renewal) => {
      // the page turns at once into the renewal's status, the first thing a phone shows
      const { queryKey } = renewalQuery(purchaseId);
      queryClient.setQueryData(queryKey, (old) => (old ? { ...old, renewal } : old));
      void queryClient.invalidateQueries({ queryKey });
      toast({
        title: "Renewal requested",
        description:
          renewal.status === "inspection_required"
            ? "We will call you to book the inspection visit."
            : "We will call you to take the payment.",
      });
      window.scrollTo({ top: 0 });
    },
    onError: (error) => setFailure(errorMessage(error, "Please try again.")),
  });
  // a renewal continues the day after the old cover ends; a lapsed one starts when it is activated
  const startsOn = addDays(endDate, 1);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RenewalRequestSchema.safeParse({ planId, gstin });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    request.mutate({ planId: parsed.data.planId, gstin });
  };

  return (
    <Form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Renew the policy">
      {/* the last try failed its inspection: what needed repair, before asking again */}
      {r.renewal?.status === "inspection_failed" ? <RenewalProgress renewal={r.renewal} /> : null}
      <fieldset className="grid gap-3" aria-describedby={errors.planId ? `${id}-plan-error` : undefined}>
        <legend className="mb-3 text-lg font-semibold">Choose your plan</legend>
        {r.options.map((o) => {
          const checked = o.planId === planId;
          return (
            <label
              key={o.planId}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                checked ? "border-primary bg-primary/5" : "hover:border-primary/50",
              )}
            >
              <input
                type="radio"
                name={`${id}-plan`}
                value={o.planId}
                checked={checked}
                onChange={() => setPlanId(o.planId)}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{o.planName} Plan</span>
                  {o.upgrade ? <Badge variant="accent">Upgrade</Badge> : <Badge>Your current plan</Badge>}
                </span>
                <span className="text-sm text-muted-foreground">
                  {o.durationYears} {o.durationYears === 1 ? "year" : "years"} of cover
                  {r.lapsed
                    ? ", from the day it is activated"
                    : `, ${formatDate(startsOn)} to ${formatDate(policyEndDate(startsOn, o.durationYears))}`}
                </span>
              </span>
              <span className="text-right">
                <span className="block text-lg font-bold tabular-nums">{formatPaise(o.price)}</span>
                <span className="block text-xs text-muted-foreground">{TAX_NOTE.b2c}</span>
              </span>
            </label>
          );
        })}
        {errors.planId ? (
          <p id={`${id}-plan-error`} className="text-sm font-medium text-danger">
            {errors.planId}
          </p>
        ) : null}
      </fieldset>

      <FormField
        id={`${id}-gstin`}
        label="GSTIN"
        optional
        error={errors.gstin}
        hint="If the home is a business's: printed on the renewal's tax invoice and saved to your profile."
      >
        <Input
          {...fieldA11y(`${id}-gstin`, { error: errors.gstin, hint: true })}
          value={gstin}
          onChange={(e) => {
            setGstin(e.target.value);
            // once refused, the message follows the typing, so it goes as soon as the number is right
            if (errors.gstin) {
              const checked = RenewalRequestSchema.shape.gstin.safeParse(e.target.value);
              setErrors((prev) => ({
                ...prev,
                gstin: checked.success ? undefined : checked.error.issues[0].message,
              }));
            }
          }}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          className="font-mono uppercase sm:max-w-xs"
        />
      </FormField>

      <div className="rounded-lg border border-dashed bg-muted/50 p-4 text-sm">
        {r.lapsed ? (
          <p>
            As the cover has ended, an <strong>inspection visit</strong> comes first: we will call you to book
            it. Once the home passes, we take the payment and activate the renewal.
          </p>
        ) : (
          <p>
            We will call you to take the payment. Once it is received, your renewed cover is activated as a
            new policy with its own certificate and GST tax invoice.
          </p>
        )}
      </div>

      {failure ? <FormFailure title="Could not request the renewal" message={failure} /> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href={paths.purchase(purchaseId)}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={request.isPending}>
          <BusyLabel busy={request.isPending} icon={<RefreshCw aria-hidden="true" />} busyText="Sending...">
            Request renewal
          </BusyLabel>
        </Button>
      </div>
    </Form>
  );
}
