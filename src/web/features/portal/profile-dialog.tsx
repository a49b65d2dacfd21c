import { zodResolver } from "@hookform/resolvers/zod";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { type Profile, ProfileSchema } from "@shared/schemas/auth.ts";
import { AddressFields } from "@web/components/forms/address-fields.tsx";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, PhoneInput } from "@web/components/ui/input.tsx";
import { showSaveError } from "@web/lib/server-field-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { Save, UserPen } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useUpdateProfile } from "./api.ts";

type ProfileOutput = z.output<typeof ProfileSchema>;
const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "pincode",
  "gstin",
] as const;

const fromUser = (u: PublicUser): Profile => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone ?? "",
  address: u.address ?? "",
  city: u.city ?? "",
  state: u.state ?? "",
  pincode: u.pincode ?? "",
  gstin: u.gstin ?? "",
});

/** "Update Profile" (spec §2, behaviour ours): names, e-mail, phone and address, saved with PATCH /api/user. */
export function ProfileDialog({ user }: { user: PublicUser }) {
  return (
    <FormDialog
      icon={UserPen}
      trigger="Update Profile"
      title="Update Profile"
      description="Keep your contact details current so our technicians can reach you about your service requests."
      className="max-w-2xl"
      form={(close) => <ProfileForm user={user} onDone={close} />}
    />
  );
}

function ProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const id = useId();
  const form = useForm<Profile, unknown, ProfileOutput>({
    resolver: zodResolver(ProfileSchema),
    defaultValues: fromUser(user),
  });
  const update = useUpdateProfile();
  const fields = formFields(form, id);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: "Profile updated", description: "Your details have been saved." });
        onDone();
      },
      onError: (error) =>
        showSaveError(form.setError, error, FIELDS, {
          title: "Profile update failed",
          fallback: "Could not save your details. Please try again.",
        }),
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...fields.field("firstName")} label="First Name">
          <Input {...fields.control("firstName")} autoComplete="given-name" />
        </FormField>
        <FormField {...fields.field("lastName")} label="Last Name">
          <Input {...fields.control("lastName")} autoComplete="family-name" />
        </FormField>
        <FormField {...fields.field("email")} label="Email">
          <Input {...fields.control("email")} type="email" autoComplete="email" />
        </FormField>
        <FormField {...fields.field("phone")} label="Phone" optional>
          <PhoneInput {...fields.control("phone")} />
        </FormField>
      </div>
      <AddressFields form={form} idPrefix={id} optional />
      <FormField
        {...fields.field("gstin")}
        label="GSTIN"
        optional
        hint="If the home is a business's: printed on tax invoices issued from now on."
      >
        <Input
          {...fields.control("gstin", { hint: true })}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          className="font-mono uppercase sm:max-w-xs"
        />
      </FormField>
      <FormDialogFooter
        pending={update.isPending}
        label="Save Changes"
        pendingLabel="Saving..."
        icon={<Save aria-hidden="true" />}
      />
    </Form>
  );
}
