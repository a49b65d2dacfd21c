import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import type { UseFormReturn } from "react-hook-form";

/** The optional address of a customer, as registration and the profile both ask for it. */
export interface AddressValues {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  pincode?: string | null;
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
  const fields = formFields(form as unknown as UseFormReturn<AddressValues>, idPrefix);
  return (
    <>
      <FormField {...fields.field("address")} label="Address" optional={optional}>
        <Input autoComplete="street-address" {...fields.control("address")} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField {...fields.field("city")} label="City" optional={optional}>
          <Input autoComplete="address-level2" {...fields.control("city")} />
        </FormField>
        <FormField {...fields.field("state")} label="State" optional={optional}>
          <Input autoComplete="address-level1" {...fields.control("state")} />
        </FormField>
        <FormField {...fields.field("pincode")} label="PIN Code" optional={optional}>
          <Input
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            {...fields.control("pincode")}
          />
        </FormField>
      </div>
    </>
  );
}
