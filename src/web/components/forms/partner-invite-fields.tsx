import type { PartnerInvite } from "@shared/schemas/partner.ts";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect } from "@web/components/ui/input.tsx";
import type { UseFormReturn } from "react-hook-form";

/**
 * E-mail, first and last name and role of a person invited to a partner's account, as staff
 * and the partner's owners both ask for them. `idPrefix` is the form's useId().
 */
export function PartnerInviteFields({
  form,
  idPrefix,
}: {
  form: UseFormReturn<PartnerInvite, unknown, PartnerInvite>;
  idPrefix: string;
}) {
  const fields = formFields(form, idPrefix);
  return (
    <>
      <FormField {...fields.field("email")} label="E-mail">
        <Input type="email" autoComplete="off" {...fields.control("email")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("firstName")} label="First name">
          <Input autoComplete="off" {...fields.control("firstName")} />
        </FormField>
        <FormField {...fields.field("lastName")} label="Last name">
          <Input autoComplete="off" {...fields.control("lastName")} />
        </FormField>
      </div>
      <FormField {...fields.field("role")} label="Role">
        <NativeSelect {...fields.control("role")}>
          <option value="member">Member: registers homes</option>
          <option value="owner">Owner: also manages users</option>
        </NativeSelect>
      </FormField>
    </>
  );
}
