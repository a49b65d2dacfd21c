import { formatB2CPrice, formatPaise } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { planPricePaise, splitInclusive, TAX_NOTE } from "@shared/pricing.ts";
import type { PlanWithFeatures } from "@shared/schemas/content.ts";
import { type OrderCreate, OrderCreateSchema } from "@shared/schemas/order.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BackLink } from "@web/components/layout/back-link.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldA11y, messagesByField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { LoginForm } from "@web/features/auth/login-form.tsx";
import { RegisterForm } from "@web/features/auth/register-form.tsx";
import { apiCall, errorMessage } from "@web/lib/api.ts";
import { contentReads } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { paymentOptionsQuery } from "@web/lib/orders.ts";
import { planContactPath } from "@web/lib/plans.ts";
import { useUser } from "@web/lib/use-user.ts";
import { IndianRupee, ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useLocation } from "wouter";

type Property = Omit<OrderCreate, "planId">;
const EMPTY: Property = { propertyAddress: "", propertyCity: "", propertyState: "", propertyPincode: "" };

/**
 * /buy/{planId}: a homeowner buys a plan online. Three steps on one page, each shown once
 * the one before is done: the account (sign in or sign up right here), the property the
 * cover is for, then a review of the price and its tax before the order is placed. The
 * order's page then shows how to pay by UPI.
 */
export function BuyScreen({ planId }: { planId: number | null }) {
  const plans = useQuery(contentReads.b2cPlans());
  const options = useQuery(paymentOptionsQuery());
  const { user } = useUser();
  const chosen = plans.data?.find((p) => p.plan.id === planId);
  if (plans.isPending || options.isPending) {
    return (
      <Container className="max-w-3xl py-10">
        <LoadingRegion label="Loading the plan" className="grid gap-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-64" />
        </LoadingRegion>
      </Container>
    );
  }
  if (!chosen || !options.data?.onlinePurchase) {
    return (
      <Container className="max-w-3xl py-10">
        <PageMeta
          title="Buy a plan"
          description="Buy a home interior warranty plan online."
          path={paths.b2c}
          noindex
        />
        <Card className="p-6">
          <h1 className="text-2xl font-bold">
            {chosen ? "Online purchase is not available" : "Plan not found"}
          </h1>
          <p className="mt-2 text-muted-foreground">
            {chosen
              ? "Please choose Select Plan and our team will call you to set up your cover."
              : "This plan is not one of our homeowner plans."}
          </p>
          <Button asChild className="mt-4">
            <Link href={chosen ? planContactPath(chosen.plan.name) : paths.b2c}>
              {chosen ? "Select Plan" : "See our plans"}
            </Link>
          </Button>
        </Card>
      </Container>
    );
  }
  return (
    <Container className="max-w-3xl py-8 md:py-12">
      <PageMeta
        title={`Buy the ${chosen.plan.name} Plan`}
        description={`Buy the ${chosen.plan.name} home interior warranty plan online and pay by UPI.`}
        path={paths.buy(chosen.plan.id)}
        noindex
      />
      <nav aria-label="Breadcrumb">
        <BackLink href={paths.b2c}>All plans</BackLink>
      </nav>
      <header className="mt-5">
        <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">Buy online</p>
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">{chosen.plan.name} Plan</h1>
        <p className="mt-2 text-lg">
          <span className="font-semibold">{formatB2CPrice(chosen.plan.price, chosen.plan.duration)}</span>{" "}
          <span className="text-sm text-muted-foreground">{TAX_NOTE.b2c}</span>
        </p>
      </header>
      <ol className="mt-8 grid min-w-0 grid-cols-1 gap-6">
        <Step n={1} title="Your account" done={Boolean(user)}>
          {user ? (
            <p className="text-sm">
              Signed in as <strong>{user.username}</strong>. The policy will be in your dashboard.
            </p>
          ) : (
            <InlineSignIn />
          )}
        </Step>
        {user ? (
          user.role === "customer" ? (
            <PropertyAndReview plan={chosen} ratePercent={options.data.gstRatePercent} user={user} />
          ) : (
            <li>
              <Card className="p-5 text-sm">
                Plans are bought from a homeowner's account. Sign out and sign in as the homeowner.
              </Card>
            </li>
          )
        ) : null}
      </ol>
    </Container>
  );
}

function Step({
  n,
  title,
  done,
  children,
}: {
  n: number;
  title: string;
  done?: boolean;
  children: React.ReactNode;
}) {
  return (
    <li className="min-w-0">
      <Card className="p-5 sm:p-6">
        <h2 className="flex items-center gap-3 text-lg font-semibold">
          <span
            aria-hidden="true"
            className={
              done
                ? "flex size-7 items-center justify-center rounded-full bg-success text-sm text-white"
                : "flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
            }
          >
            {n}
          </span>
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </Card>
    </li>
  );
}

/** Sign in or create an account without leaving the page: the next step appears once signed in. */
function InlineSignIn() {
  const [tab, setTab] = useState<"login" | "register">("login");
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as "login" | "register")}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="login">I have an account</TabsTrigger>
        <TabsTrigger value="register">I am new here</TabsTrigger>
      </TabsList>
      <TabsContent value="login" className="mt-5">
        <LoginForm />
      </TabsContent>
      <TabsContent value="register" className="mt-5">
        <RegisterForm />
      </TabsContent>
    </Tabs>
  );
}

function PropertyAndReview({
  plan: { plan },
  ratePercent,
  user,
}: {
  plan: PlanWithFeatures;
  ratePercent: number;
  user: { address: string | null; city: string | null; state: string | null; pincode: string | null };
}) {
  const id = useId();
  const [, navigate] = useLocation();
  // the account's own address to begin with: most buy cover for the home they live in
  const [values, setValues] = useState<Property>({
    propertyAddress: user.address ?? EMPTY.propertyAddress,
    propertyCity: user.city ?? EMPTY.propertyCity,
    propertyState: user.state ?? EMPTY.propertyState,
    propertyPincode: user.pincode ?? EMPTY.propertyPincode,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Property, string>>>({});
  const [reviewing, setReviewing] = useState<Property | null>(null);
  const place = useMutation({
    mutationFn: (body: OrderCreate) => apiCall("POST /api/orders", { body }),
    onSuccess: (order) => navigate(paths.order(order.id)),
  });
  const amount = planPricePaise(plan);
  const tax = splitInclusive(amount, ratePercent, true);

  const onContinue = (e: FormEvent) => {
    e.preventDefault();
    const parsed = OrderCreateSchema.safeParse({ planId: plan.id, ...values });
    if (!parsed.success) {
      setErrors(messagesByField(parsed.error));
      return;
    }
    setErrors({});
    const { planId: _plan, ...property } = parsed.data;
    setReviewing(property);
  };
  const field = (name: keyof Property, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input
        {...fieldA11y(`${id}-${name}`, { error: errors[name] })}
        name={name}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        {...props}
      />
    </FormField>
  );

  return (
    <>
      <Step n={2} title="The home to cover" done={reviewing !== null}>
        {reviewing ? (
          <div className="flex flex-wrap items-start justify-between gap-3 text-sm">
            <p>
              {reviewing.propertyAddress}, {reviewing.propertyCity} {reviewing.propertyPincode},{" "}
              {reviewing.propertyState}
            </p>
            <Button variant="outline" size="sm" onClick={() => setReviewing(null)}>
              Change
            </Button>
          </div>
        ) : (
          <Form noValidate onSubmit={onContinue} className="grid gap-4" aria-label="The home to cover">
            {field("propertyAddress", "Address", { autoComplete: "street-address" })}
            <div className="grid gap-4 sm:grid-cols-3">
              {field("propertyCity", "City", { autoComplete: "address-level2" })}
              {field("propertyState", "State", { autoComplete: "address-level1" })}
              {field("propertyPincode", "PIN code", {
                inputMode: "numeric",
                autoComplete: "postal-code",
                maxLength: 6,
              })}
            </div>
            <Button type="submit" className="justify-self-start">
              Continue to review
            </Button>
          </Form>
        )}
      </Step>
      {reviewing ? (
        <Step n={3} title="Review and pay">
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt>
                {plan.name} Plan, {plan.duration} years of cover
              </dt>
              <dd className="font-semibold tabular-nums">{formatPaise(amount)}</dd>
            </div>
            <div className="flex justify-between gap-4 text-muted-foreground">
              <dt>of which GST at {ratePercent}%</dt>
              <dd className="tabular-nums">{formatPaise(amount - tax.taxable)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t pt-2 text-base font-bold">
              <dt>To pay by UPI</dt>
              <dd className="tabular-nums" data-testid="order-total">
                {formatPaise(amount)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 flex gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            Your cover starts the day we receive your payment; the tax invoice and certificate follow by
            e-mail.
          </p>
          {place.isError ? (
            <div className="mt-4">
              <FormFailure
                title="The order was not placed"
                message={errorMessage(place.error, "Please try again.")}
              />
            </div>
          ) : null}
          <Button
            className="mt-5 h-auto min-h-11 w-full whitespace-normal sm:w-auto"
            size="lg"
            disabled={place.isPending}
            onClick={() => place.mutate({ planId: plan.id, ...reviewing })}
          >
            <BusyLabel
              busy={place.isPending}
              icon={<IndianRupee aria-hidden="true" />}
              busyText="Placing the order…"
            >
              Place order and pay {formatPaise(amount)}
            </BusyLabel>
          </Button>
        </Step>
      ) : null}
    </>
  );
}
