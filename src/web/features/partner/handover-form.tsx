import { zodResolver } from "@hookform/resolvers/zod";
import { todayInIndia } from "@shared/dates.ts";
import { formatRupees } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { type Handover, HandoverSchema } from "@shared/schemas/partner.ts";
import { COVERED_ITEMS } from "@shared/schemas/policy-items.ts";
import { useQuery } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect } from "@web/components/ui/input.tsx";
import { errorMessage, errorStatus } from "@web/lib/api.ts";
import { b2cPlansQuery } from "@web/lib/plans.ts";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type FieldPath, type Resolver, useFieldArray, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { useRegisterHandover } from "./api.ts";

type FormValues = z.input<typeof HandoverSchema> & {
  coveredItems: { room: string; itemType: string; brand: string; installedOn: string }[];
};

const ROOMS = ["Kitchen", "Master bedroom", "Bedroom 2", "Kids' room", "Living room", "Dining", "Study"];

const blankItem = () => ({ room: "", itemType: "", brand: "", installedOn: "" });

const FIELDS = [
  "homeownerName",
  "homeownerEmail",
  "homeownerPhone",
  "propertyAddress",
  "propertyCity",
  "propertyState",
  "propertyPincode",
  "planId",
  "installDate",
  "installer",
] as const;

/**
 * A partner user registers one finished project: the homeowner, the home, the plan, the
 * install date, who fitted it and the covered items. The server checks everything again
 * and answers field by field; a registration past the month's quota is refused with its
 * own message, said at the button.
 */
export function HandoverForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const plans = useQuery(b2cPlansQuery());
  const register = useRegisterHandover();
  const form = useForm<FormValues, unknown, Handover>({
    resolver: zodResolver(HandoverSchema) as unknown as Resolver<FormValues, unknown, Handover>,
    defaultValues: {
      homeownerName: "",
      homeownerEmail: "",
      homeownerPhone: "",
      propertyAddress: "",
      propertyCity: "Chennai",
      propertyState: "Tamil Nadu",
      propertyPincode: "",
      planId: "",
      installDate: todayInIndia(),
      installer: "",
      coveredItems: [],
    },
  });
  const items = useFieldArray({ control: form.control, name: "coveredItems" });
  const fields = formFields(form, id);
  const itemFields = items.fields.flatMap((_, i) =>
    (["room", "itemType", "brand", "installedOn"] as const).map(
      (f) => `coveredItems.${i}.${f}` as FieldPath<FormValues>,
    ),
  );
  // the quota's refusal and other failures are said at the button (FormFailure)
  const { failed } = useSaveErrors({ form, fields: [...FIELDS, ...itemFields] });

  const submit = form.handleSubmit(async () => {
    // the form's own text goes to the server, which reads it with the same schema
    const values = form.getValues();
    try {
      const policy = await register.mutateAsync(values as Parameters<typeof register.mutateAsync>[0]);
      toast({
        title: "Home registered",
        description: `Policy ${policy.policyNumber} is in ${policy.homeowner.name}'s name; they have been e-mailed. Add handover photos from its row.`,
      });
      const qs = new URLSearchParams({ policyQ: policy.policyNumber, registered: policy.policyNumber });
      navigate(`${paths.partner}?${qs}`);
    } catch (error) {
      failed(error);
    }
  });

  const failure = register.error;
  const overQuota =
    errorStatus(failure) === 409 &&
    !Object.keys((failure as { fieldErrors?: object })?.fieldErrors ?? {}).length;

  return (
    <Form noValidate onSubmit={submit} className="grid gap-6" aria-label="Register a home">
      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">Homeowner</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField {...fields.field("homeownerName")} label="Full name">
            <Input {...fields.control("homeownerName")} autoComplete="off" />
          </FormField>
          <FormField
            {...fields.field("homeownerEmail")}
            label="E-mail"
            hint="Their invitation to the policy is sent here."
          >
            <Input {...fields.control("homeownerEmail", { hint: true })} type="email" autoComplete="off" />
          </FormField>
          <FormField {...fields.field("homeownerPhone")} label="Phone">
            <Input {...fields.control("homeownerPhone")} type="tel" autoComplete="off" />
          </FormField>
        </div>
      </Card>

      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">The home</h2>
        <FormField {...fields.field("propertyAddress")} label="Property address">
          <Input {...fields.control("propertyAddress")} autoComplete="off" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField {...fields.field("propertyCity")} label="City">
            <Input {...fields.control("propertyCity")} />
          </FormField>
          <FormField {...fields.field("propertyState")} label="State" optional>
            <Input {...fields.control("propertyState")} />
          </FormField>
          <FormField {...fields.field("propertyPincode")} label="PIN code">
            <Input {...fields.control("propertyPincode")} inputMode="numeric" maxLength={6} />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField {...fields.field("planId")} label="Plan">
            <NativeSelect {...fields.control("planId")} disabled={plans.isPending}>
              <option value="">{plans.isPending ? "Loading plans…" : "Choose a plan"}</option>
              {plans.data?.map(({ plan: p }) => (
                <option key={p.id} value={p.id}>
                  {p.name}: {p.duration} years ({formatRupees(p.price)} to a homeowner)
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField {...fields.field("installDate")} label="Install date">
            <Input {...fields.control("installDate")} type="date" max={todayInIndia()} />
          </FormField>
          <FormField {...fields.field("installer")} label="Installer or fitting team" optional>
            <Input {...fields.control("installer")} placeholder="e.g. Team Ravi" autoComplete="off" />
          </FormField>
        </div>
      </Card>

      <Card className="grid gap-4 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Covered items</h2>
          <p className="text-sm text-muted-foreground">
            What you fitted: the claims on the home are traced back to these.
          </p>
        </div>
        <datalist id={`${id}-rooms`}>
          {ROOMS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        {items.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No items yet: add each kitchen, wardrobe or unit you fitted.
          </p>
        ) : null}
        <ol className="grid gap-4">
          {items.fields.map((row, i) => (
            <li
              key={row.id}
              className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_1.4fr_1fr_auto_auto] sm:items-start"
              aria-label={`Item ${i + 1}`}
            >
              <FormField
                {...fields.field(`coveredItems.${i}.room`, { id: `${id}-item-${i}-room` })}
                label="Room"
              >
                <Input
                  {...fields.control(`coveredItems.${i}.room`, { id: `${id}-item-${i}-room` })}
                  list={`${id}-rooms`}
                  autoComplete="off"
                />
              </FormField>
              <FormField
                {...fields.field(`coveredItems.${i}.itemType`, { id: `${id}-item-${i}-type` })}
                label="Item"
              >
                <NativeSelect
                  {...fields.control(`coveredItems.${i}.itemType`, { id: `${id}-item-${i}-type` })}
                >
                  <option value="">Choose</option>
                  {COVERED_ITEMS.map((c) => (
                    <option key={c.key} value={c.key}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField
                {...fields.field(`coveredItems.${i}.brand`, { id: `${id}-item-${i}-brand` })}
                label="Brand / material"
                optional
              >
                <Input
                  {...fields.control(`coveredItems.${i}.brand`, { id: `${id}-item-${i}-brand` })}
                  autoComplete="off"
                />
              </FormField>
              <FormField
                {...fields.field(`coveredItems.${i}.installedOn`, { id: `${id}-item-${i}-installedOn` })}
                label="Fitted on"
                optional
              >
                <Input
                  {...fields.control(`coveredItems.${i}.installedOn`, { id: `${id}-item-${i}-installedOn` })}
                  type="date"
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="sm:mt-7"
                onClick={() => items.remove(i)}
                aria-label={`Remove item ${i + 1}`}
              >
                <Trash2 aria-hidden="true" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => items.append(blankItem())}
            disabled={items.fields.length >= 50}
          >
            <Plus aria-hidden="true" /> Add an item
          </Button>
        </div>
      </Card>

      {failure ? (
        <FormFailure
          title={overQuota ? "This month's quota is used" : "The home was not registered"}
          message={errorMessage(failure, "Please check the form and try again.")}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={register.isPending}>
          <BusyLabel busy={register.isPending} icon={null}>
            Register the home
          </BusyLabel>
        </Button>
        <Button type="button" variant="ghost" onClick={() => navigate(paths.partner)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
