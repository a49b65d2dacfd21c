import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import type { UseFormReturn } from "react-hook-form";

/** The optional address of a customer, as registration and the profile both ask for it. */
export interface AddressValues {
  address?: string;
  city?: string;
  state?: string;
  pincode?: string;
}

/**
 * Address, City, State and PIN Code, wired to a form whose values include them.
 * `idPrefix` is the form's useId(), so the ids match the form's other fields.
 */
export function AddressFields<T extends AddressValues>({
  form,
  idPrefix,
  optional,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  idPrefix: string;
  /** marks each label "(optional)"; registration says it once for the whole fieldset instead */
  optional?: boolean;
}) {
  // the fields are known to exist on T; react-hook-form's paths cannot see that through the generic
  const f = form as unknown as UseFormReturn<AddressValues>;
  const err = (name: keyof AddressValues) => f.formState.errors[name]?.message;
  const field = (name: keyof AddressValues) => ({
    ...fieldA11y(`${idPrefix}-${name}`, { error: err(name) }),
    ...f.register(name),
  });
  return (
    <>
      <FormField id={`${idPrefix}-address`} label="Address" error={err("address")} optional={optional}>
        <Input autoComplete="street-address" {...field("address")} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField id={`${idPrefix}-city`} label="City" error={err("city")} optional={optional}>
          <Input autoComplete="address-level2" {...field("city")} />
        </FormField>
        <FormField id={`${idPrefix}-state`} label="State" error={err("state")} optional={optional}>
          <Input autoComplete="address-level1" {...field("state")} />
        </FormField>
        <FormField id={`${idPrefix}-pincode`} label="PIN Code" error={err("pincode")} optional={optional}>
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={6} {...field("pincode")} />
        </FormField>
      </div>
    </>
  );
}
