import { zodResolver } from "@hookform/resolvers/zod";
import { formatB2BPrice, formatRupees } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import {
  ENTERPRISE_PLAN,
  LOGO_TYPES,
  type PartnerCreate,
  PartnerCreateSchema,
  PLAN_QUOTAS,
} from "@shared/schemas/partner.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { todayInIndia } from "@web/components/lists/labels.ts";
import { FormField, fieldA11y, formFields } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect } from "@web/components/ui/input.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { Building2 } from "lucide-react";
import { useId, useState } from "react";
import { type Resolver, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { z } from "zod";
import { logoProblem, RootError } from "./partner-form-parts.tsx";
import { useB2BPlanChoices, useCreatePartner, useUploadLogo } from "./partners-api.ts";
import { RadioOption } from "./radio-option.tsx";

/** the form's plain-text values; the schema below turns them into what the server takes */
type PartnerFormValues = {
  name: string;
  gstin: string;
  address: string;
  brandColour: string;
  planId: string;
  contractStart: string;
  overQuota: "refuse" | "bill";
  handoverStatus: "active" | "pending";
  agreedPrice: string;
};

// the agreed price is typed in rupees, as staff agree it, and sent in paise
const PartnerFormSchema = PartnerCreateSchema.omit({ agreedPricePaise: true })
  .extend({
    agreedPrice: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), "Enter the price in rupees, such as 1500")
      .transform((v) => (v === "" ? undefined : Math.round(Number(v) * 100))),
  })
  .transform(({ agreedPrice, ...rest }): PartnerCreate => ({ ...rest, agreedPricePaise: agreedPrice }));

/** Staff's "New partner": the organisation, its B2B plan and contract, and its logo. */
export function CreatePartnerDialog() {
  return (
    <FormDialog
      icon={Building2}
      trigger="New partner"
      triggerProps={{ variant: "default" }}
      title="Create a partner"
      description="The monthly quota comes from the plan. Invite the partner's users from its page once it is created."
      className="max-w-2xl"
      form={(close) => <CreatePartnerForm onCreated={close} />}
    />
  );
}

function CreatePartnerForm({ onCreated }: { onCreated: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const plans = useB2BPlanChoices();
  const create = useCreatePartner();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string>();
  const form = useForm<PartnerFormValues, unknown, PartnerCreate>({
    resolver: zodResolver(PartnerFormSchema) as unknown as Resolver<
      PartnerFormValues,
      unknown,
      PartnerCreate
    >,
    defaultValues: {
      name: "",
      gstin: "",
      address: "",
      brandColour: "#0f766e",
      planId: "",
      contractStart: todayInIndia(),
      overQuota: "refuse",
      handoverStatus: "active",
      agreedPrice: "",
    },
  });
  const { failed } = useSaveErrors({
    form,
    rename: { agreedPricePaise: "agreedPrice" },
    root: "Please try again.",
  });
  const { errors } = form.formState;
  const plan = plans.data?.find((p) => String(p.id) === form.watch("planId"));
  const enterprise = plan?.name === ENTERPRISE_PLAN;
  const colour = form.watch("brandColour");
  const fields = formFields(form, id);
  const upload = useUploadLogo();

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: async (p) => {
        // the logo follows the partner it belongs to; a failed upload is said by its toast,
        // and the partner's page offers the upload again
        if (logo) await upload.mutateAsync({ partnerId: p.id, file: logo }).catch(() => undefined);
        onCreated();
        navigate(paths.adminPartner(p.id));
      },
      onError: failed,
    }),
  );

  return (
    <Form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("name")} label="Partner name">
          <Input {...fields.control("name")} autoComplete="organization" />
        </FormField>
        <FormField
          {...fields.field("gstin")}
          label="GSTIN"
          optional
          hint="Printed on its tax invoices; its state sets CGST + SGST or IGST."
        >
          <Input
            {...fields.control("gstin", { hint: true })}
            autoCapitalize="characters"
            maxLength={20}
            className="font-mono uppercase"
          />
        </FormField>
      </div>
      <FormField {...fields.field("address")} label="Registered address">
        <Input {...fields.control("address")} autoComplete="street-address" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("planId")} label="B2B plan">
          <NativeSelect {...fields.control("planId")} disabled={plans.isPending}>
            <option value="">{plans.isPending ? "Loading plans…" : "Choose a plan"}</option>
            {plans.data
              ?.filter((p) => p.name in PLAN_QUOTAS)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name.replace(/ Plan$/, "")}: {p.price > 0 ? formatB2BPrice(p.price) : "agreed price"}
                  {PLAN_QUOTAS[p.name] ? `, ${PLAN_QUOTAS[p.name]} a month` : ", unlimited"}
                </option>
              ))}
          </NativeSelect>
        </FormField>
        <FormField {...fields.field("contractStart")} label="Contract start">
          <Input {...fields.control("contractStart")} type="date" />
        </FormField>
      </div>
      {enterprise ? (
        <FormField
          {...fields.field("agreedPrice")}
          label="Agreed price per registration (₹, before GST)"
          hint="Each registration on the monthly statement is charged this; GST is added on the invoice."
        >
          <Input {...fields.control("agreedPrice", { hint: true })} inputMode="decimal" placeholder="1500" />
        </FormField>
      ) : plan ? (
        <p className="rounded-lg border border-dashed bg-muted/50 p-3 text-sm">
          Billed {formatRupees(plan.price)} a month, {TAX_NOTE.b2b}, on a monthly statement with 30-day
          payment terms; a registration past the quota (when accepted) is billed at{" "}
          {formatRupees(Math.round((plan.price / (PLAN_QUOTAS[plan.name] ?? 1)) * 100) / 100)}, {TAX_NOTE.b2b}
          .
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <RadioChoice
          legend="Past the monthly quota"
          choices={[
            ["refuse", "Refuse the registration"],
            ["bill", "Accept it and bill it"],
          ]}
          field={form.register("overQuota")}
        />
        <RadioChoice
          legend="A handover's policy starts"
          choices={[
            ["active", "Active at once"],
            ["pending", "Pending until staff activate it"],
          ]}
          field={form.register("handoverStatus")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("brandColour")} label="Brand colour" hint="As #RRGGBB">
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Pick the brand colour"
              value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : "#000000"}
              onChange={(e) => form.setValue("brandColour", e.target.value, { shouldValidate: true })}
              className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
            />
            <Input {...fields.control("brandColour", { hint: true })} className="font-mono" />
          </div>
        </FormField>
        <LogoField
          id={`${id}-logo`}
          file={logo}
          error={logoError}
          onChange={setLogo}
          onError={setLogoError}
        />
      </div>
      <RootError message={errors.root?.message} />
      <FormDialogFooter
        pending={create.isPending || upload.isPending}
        label="Create partner"
        pendingLabel="Creating..."
        icon={<Building2 aria-hidden="true" />}
      />
    </Form>
  );
}

/** a few choices of one contract term, as radio buttons */
function RadioChoice({
  legend,
  choices,
  field,
}: {
  legend: string;
  choices: [string, string][];
  field: UseFormRegisterReturn;
}) {
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map(([value, label]) => (
        <RadioOption key={value} value={value} {...field}>
          {label}
        </RadioOption>
      ))}
    </fieldset>
  );
}

function LogoField({
  id,
  file,
  error,
  onChange,
  onError,
}: {
  id: string;
  file: File | null;
  error?: string;
  onChange: (file: File | null) => void;
  onError: (message: string | undefined) => void;
}) {
  return (
    <FormField id={id} label="Logo" optional error={error} hint="PNG, JPEG or WebP, up to 2 MB">
      <Input
        {...fieldA11y(id, { error, hint: true })}
        type="file"
        accept={LOGO_TYPES.join(",")}
        className="cursor-pointer file:mr-3 file:rounded file:bg-muted file:px-2"
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          const problem = chosen ? logoProblem(chosen) : undefined;
          onError(problem);
          onChange(problem ? null : chosen);
        }}
      />
      {file ? <p className="text-xs text-muted-foreground">{file.name}</p> : null}
    </FormField>
  );
}
