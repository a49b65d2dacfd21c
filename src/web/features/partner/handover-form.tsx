import { zodResolver } from "@hookform/resolvers/zod";
import { formatRupees } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { COVERED_ITEMS } from "@shared/schemas/home-items.ts";
import { type Handover, HandoverSchema } from "@shared/schemas/partner.ts";
import { useQuery } from "@tanstack/react-query";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect } from "@web/components/ui/input.tsx";
import { todayInIndia } from "@web/features/admin/labels.ts";
import { errorMessage, errorStatus } from "@web/lib/api.ts";
import { b2cPlansQuery } from "@web/lib/plans.ts";
import { applyServerFieldErrors } from "@web/lib/server-field-errors.ts";
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
  const { errors } = form.formState;
  const err = (name: FieldPath<FormValues>) =>
    (
      name.split(".").reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], errors) as
        | { message?: string }
        | undefined
    )?.message;
  const control = (name: FieldPath<FormValues>) => fieldA11y(`${id}-${name}`, { error: err(name) });

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
      const itemFields = values.coveredItems.flatMap((_, i) =>
        (["room", "itemType", "brand", "installedOn"] as const).map(
          (f) => `coveredItems.${i}.${f}` as FieldPath<FormValues>,
        ),
      );
      applyServerFieldErrors(form.setError, error, [...FIELDS, ...itemFields]);
    }
  });

  const failure = register.error;
  const overQuota =
    errorStatus(failure) === 409 &&
    !Object.keys((failure as { fieldErrors?: object })?.fieldErrors ?? {}).length;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Register a home">
      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">Homeowner</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={`${id}-homeownerName`} label="Full name" error={err("homeownerName")}>
            <Input {...control("homeownerName")} autoComplete="off" {...form.register("homeownerName")} />
          </FormField>
          <FormField
            id={`${id}-homeownerEmail`}
            label="E-mail"
            error={err("homeownerEmail")}
            hint="Their invitation to the policy is sent here."
          >
            <Input
              {...fieldA11y(`${id}-homeownerEmail`, { error: err("homeownerEmail"), hint: true })}
              type="email"
              autoComplete="off"
              {...form.register("homeownerEmail")}
            />
          </FormField>
          <FormField id={`${id}-homeownerPhone`} label="Phone" error={err("homeownerPhone")}>
            <Input
              {...control("homeownerPhone")}
              type="tel"
              autoComplete="off"
              {...form.register("homeownerPhone")}
            />
          </FormField>
        </div>
      </Card>

      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">The home</h2>
        <FormField id={`${id}-propertyAddress`} label="Property address" error={err("propertyAddress")}>
          <Input {...control("propertyAddress")} autoComplete="off" {...form.register("propertyAddress")} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={`${id}-propertyCity`} label="City" error={err("propertyCity")}>
            <Input {...control("propertyCity")} {...form.register("propertyCity")} />
          </FormField>
          <FormField id={`${id}-propertyState`} label="State" optional error={err("propertyState")}>
            <Input {...control("propertyState")} {...form.register("propertyState")} />
          </FormField>
          <FormField id={`${id}-propertyPincode`} label="PIN code" error={err("propertyPincode")}>
            <Input
              {...control("propertyPincode")}
              inputMode="numeric"
              maxLength={6}
              {...form.register("propertyPincode")}
            />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={`${id}-planId`} label="Plan" error={err("planId")}>
            <NativeSelect {...control("planId")} disabled={plans.isPending} {...form.register("planId")}>
              <option value="">{plans.isPending ? "Loading plans…" : "Choose a plan"}</option>
              {plans.data?.map(({ plan: p }) => (
                <option key={p.id} value={p.id}>
                  {p.name}: {p.duration} years ({formatRupees(p.price)} to a homeowner)
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-installDate`} label="Install date" error={err("installDate")}>
            <Input
              {...control("installDate")}
              type="date"
              max={todayInIndia()}
              {...form.register("installDate")}
            />
          </FormField>
          <FormField
            id={`${id}-installer`}
            label="Installer or fitting team"
            optional
            error={err("installer")}
          >
            <Input
              {...control("installer")}
              placeholder="e.g. Team Ravi"
              autoComplete="off"
              {...form.register("installer")}
            />
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
              <FormField id={`${id}-item-${i}-room`} label="Room" error={err(`coveredItems.${i}.room`)}>
                <Input
                  {...fieldA11y(`${id}-item-${i}-room`, { error: err(`coveredItems.${i}.room`) })}
                  list={`${id}-rooms`}
                  autoComplete="off"
                  {...form.register(`coveredItems.${i}.room`)}
                />
              </FormField>
              <FormField id={`${id}-item-${i}-type`} label="Item" error={err(`coveredItems.${i}.itemType`)}>
                <NativeSelect
                  {...fieldA11y(`${id}-item-${i}-type`, { error: err(`coveredItems.${i}.itemType`) })}
                  {...form.register(`coveredItems.${i}.itemType`)}
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
                id={`${id}-item-${i}-brand`}
                label="Brand / material"
                optional
                error={err(`coveredItems.${i}.brand`)}
              >
                <Input
                  {...fieldA11y(`${id}-item-${i}-brand`, { error: err(`coveredItems.${i}.brand`) })}
                  autoComplete="off"
                  {...form.register(`coveredItems.${i}.brand`)}
                />
              </FormField>
              <FormField
                id={`${id}-item-${i}-installedOn`}
                label="Fitted on"
                optional
                error={err(`coveredItems.${i}.installedOn`)}
              >
                <Input
                  {...fieldA11y(`${id}-item-${i}-installedOn`, {
                    error: err(`coveredItems.${i}.installedOn`),
                  })}
                  type="date"
                  {...form.register(`coveredItems.${i}.installedOn`)}
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
    </form>
  );
}
