import type { PartnerInvite } from "@shared/schemas/partner.ts";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
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
  const { errors } = form.formState;
  const field = (name: keyof PartnerInvite) => ({
    ...fieldA11y(`${idPrefix}-${name}`, { error: errors[name]?.message }),
    ...form.register(name),
  });
  return (
    <>
      <FormField id={`${idPrefix}-email`} label="E-mail" error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...field("email")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-firstName`} label="First name" error={errors.firstName?.message}>
          <Input autoComplete="off" {...field("firstName")} />
        </FormField>
        <FormField id={`${idPrefix}-lastName`} label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="off" {...field("lastName")} />
        </FormField>
      </div>
      <FormField id={`${idPrefix}-role`} label="Role" error={errors.role?.message}>
        <NativeSelect {...field("role")}>
          <option value="member">Member: registers homes</option>
          <option value="owner">Owner: also manages users</option>
        </NativeSelect>
      </FormField>
    </>
  );
}
