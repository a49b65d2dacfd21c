import { zodResolver } from "@hookform/resolvers/zod";
import { formatDate, formatRupees } from "@shared/format.ts";
import { type AdminCustomer, pincodeSchema } from "@shared/schemas/auth.ts";
import { type PolicyIssue, PolicyIssueSchema } from "@shared/schemas/policy.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { useB2CPlanChoices } from "@web/components/lists/filter-controls.tsx";
import { fullName, policyEndDate, todayInIndia } from "@web/components/lists/labels.ts";
import { useDebouncedCommit } from "@web/components/lists/use-list-view.ts";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, Label, NativeSelect } from "@web/components/ui/input.tsx";
import { FilePlus2, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { useAdminCustomers, useIssuePolicy } from "./api.ts";
import { RadioOption } from "./radio-option.tsx";

type FormValues = {
  userId: string;
  planId: string;
  propertyAddress: string;
  propertyCity: string;
  propertyState: string;
  propertyPincode: string;
  startDate: string;
  status: "active" | "pending";
};

const blank = (userId = ""): FormValues => ({
  userId,
  planId: "",
  propertyAddress: "",
  propertyCity: "",
  propertyState: "",
  propertyPincode: "",
  startDate: todayInIndia(),
  status: "active",
});

// the form holds strings; an empty optional PIN code is left out rather than rejected
const IssueFormSchema = PolicyIssueSchema.extend({
  propertyPincode: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(pincodeSchema.optional()),
});

/** customers offered at a time: the newest, or those matching what was typed */
const CUSTOMER_CHOICES = 20;

/**
 * Issue a policy to a customer. Number, end date and amount are the server's to derive;
 * the form previews the end date and amount from the chosen plan so staff can check them.
 * Opened from a customer's page (`customer`), that customer is already chosen. The
 * customer list never loads whole: staff search it, and the newest customers are offered
 * until they do.
 */
export function IssuePolicyDialog({ customer }: { customer?: AdminCustomer }) {
  return (
    <FormDialog
      icon={FilePlus2}
      trigger="Issue Policy"
      triggerProps={{ variant: "default" }}
      title="Issue a warranty policy"
      description="The policy number, end date and amount are set from the plan when you save."
      className="max-w-2xl"
      form={(close) => <IssuePolicyForm customer={customer} onIssued={close} />}
    />
  );
}

/** The form itself, mounted afresh at each opening (FormDialog): nothing typed last time stays. */
function IssuePolicyForm({ customer, onIssued }: { customer?: AdminCustomer; onIssued: () => void }) {
  const id = useId();
  const [q, setQ] = useState("");
  // the chosen customer stays a choice while the search below it changes
  const [chosen, setChosen] = useState(customer);
  const [draft, setDraft] = useDebouncedCommit(q, setQ);
  const found = useAdminCustomers({ q: q.trim(), limit: String(CUSTOMER_CHOICES) });
  const choices = [
    ...(chosen ? [chosen] : []),
    ...(found.data?.items ?? []).filter((c) => c.id !== chosen?.id),
  ];
  const plans = useB2CPlanChoices();
  const issue = useIssuePolicy();
  const form = useForm<FormValues, unknown, PolicyIssue>({
    resolver: zodResolver(IssueFormSchema) as unknown as Resolver<FormValues, unknown, PolicyIssue>,
    defaultValues: blank(customer ? String(customer.id) : ""),
  });
  const planId = form.watch("planId");
  const startDate = form.watch("startDate");
  const plan = plans.data?.find((p) => String(p.plan.id) === planId)?.plan;
  const endDate = plan?.duration && startDate ? policyEndDate(startDate, plan.duration) : "";

  const fields = formFields(form, id);

  // choosing a customer fills the property from their profile when it is still empty
  const prefill = (c: AdminCustomer | undefined) => {
    if (!c) return;
    const v = form.getValues();
    // after a failed submit, re-check the filled fields so their stale errors clear
    const opts = { shouldValidate: form.formState.isSubmitted };
    if (!v.propertyAddress && c.address) form.setValue("propertyAddress", c.address, opts);
    if (!v.propertyCity && c.city) form.setValue("propertyCity", c.city, opts);
    if (!v.propertyState && c.state) form.setValue("propertyState", c.state, opts);
    if (!v.propertyPincode && c.pincode) form.setValue("propertyPincode", c.pincode, opts);
  };
  const userIdField = fields.control("userId");

  // opened from a customer's page: their address is the property's until changed
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => prefill(customer), []);

  return (
    <Form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => issue.mutate(values, { onSuccess: onIssued }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-customerSearch`}>Find a customer</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-customerSearch`}
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Name, e-mail or phone"
              autoComplete="off"
              className="pl-8"
              aria-describedby={`${id}-customerSearch-hint`}
            />
          </div>
          <p id={`${id}-customerSearch-hint`} className="text-xs text-muted-foreground" aria-live="polite">
            {found.isFetching
              ? "Searching…"
              : q.trim()
                ? `${found.data?.total ?? 0} found${(found.data?.total ?? 0) > CUSTOMER_CHOICES ? `; the first ${CUSTOMER_CHOICES} are listed` : ""}`
                : `The newest ${CUSTOMER_CHOICES} customers are listed; search for anyone else.`}
          </p>
          {/* a grid within the column's grid, with the same gap: laid out as if it were flat */}
          <FormField {...fields.field("userId")} label="Customer">
            <NativeSelect
              {...userIdField}
              onChange={(e) => {
                void userIdField.onChange(e);
                const c = choices.find((x) => String(x.id) === e.target.value);
                setChosen(c);
                prefill(c);
              }}
            >
              <option value="">{found.isPending ? "Loading customers…" : "Choose a customer"}</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {fullName(c)} ({c.email})
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField {...fields.field("planId")} label="Plan">
          <NativeSelect {...fields.control("planId")} disabled={plans.isPending}>
            <option value="">{plans.isPending ? "Loading plans…" : "Choose a plan"}</option>
            {plans.data?.map(({ plan: p }) => (
              <option key={p.id} value={p.id}>
                {p.name}: {formatRupees(p.price)} for {p.duration} years
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField {...fields.field("propertyAddress")} label="Property address">
        <Input {...fields.control("propertyAddress")} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField {...fields.field("propertyCity")} label="City">
          <Input {...fields.control("propertyCity")} />
        </FormField>
        <FormField {...fields.field("propertyState")} label="State">
          <Input {...fields.control("propertyState")} />
        </FormField>
        <FormField {...fields.field("propertyPincode")} label="PIN code" optional>
          <Input {...fields.control("propertyPincode")} inputMode="numeric" maxLength={6} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("startDate")} label="Start date">
          <Input {...fields.control("startDate")} type="date" />
        </FormField>
        <fieldset className="grid content-start gap-2">
          <legend className="mb-2 text-sm font-medium">Status</legend>
          <div className="flex flex-wrap gap-4 pt-1">
            {(["active", "pending"] as const).map((s) => (
              <RadioOption key={s} value={s} {...form.register("status")}>
                {s === "active" ? "Active now" : "Pending (activate later)"}
              </RadioOption>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="rounded-lg border border-dashed bg-muted/50 p-3 text-sm" aria-live="polite">
        {plan && endDate ? (
          <p>
            {/* the date input shows the browser's own format (mm/dd in many); the dates
                    are spelled out here so staff can check them the Indian way */}
            <span className="font-semibold">{plan.name}</span> cover runs from{" "}
            <span className="font-semibold">{formatDate(startDate)}</span> to{" "}
            <span className="font-semibold">{formatDate(endDate)}</span>; amount{" "}
            <span className="font-semibold">{formatRupees(plan.price)}</span>.
          </p>
        ) : (
          <p className="text-muted-foreground">
            Choose a plan and start date to see the end date and amount.
          </p>
        )}
      </div>
      <FormDialogFooter pending={issue.isPending} label="Issue Policy" pendingLabel="Issuing..." />
    </Form>
  );
}
