import { zodResolver } from "@hookform/resolvers/zod";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { type Profile, ProfileSchema } from "@shared/schemas/auth.ts";
import { AddressFields } from "@web/components/forms/address-fields.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
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
  const { errors } = form.formState;
  const err = (name: keyof Profile) => errors[name]?.message;
  const a11y = (name: keyof Profile) => fieldA11y(`${id}-${name}`, { error: err(name) });

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
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-firstName`} label="First Name" error={err("firstName")}>
          <Input {...a11y("firstName")} autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField id={`${id}-lastName`} label="Last Name" error={err("lastName")}>
          <Input {...a11y("lastName")} autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
        <FormField id={`${id}-email`} label="Email" error={err("email")}>
          <Input {...a11y("email")} type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
        <FormField id={`${id}-phone`} label="Phone" error={err("phone")} optional>
          <PhoneInput {...a11y("phone")} {...form.register("phone")} />
        </FormField>
      </div>
      <AddressFields form={form} idPrefix={id} optional />
      <FormField
        id={`${id}-gstin`}
        label="GSTIN"
        error={err("gstin")}
        optional
        hint="If the home is a business's: printed on tax invoices issued from now on."
      >
        <Input
          {...fieldA11y(`${id}-gstin`, { error: err("gstin"), hint: true })}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          className="font-mono uppercase sm:max-w-xs"
          {...form.register("gstin")}
        />
      </FormField>
      <FormDialogFooter
        pending={update.isPending}
        label="Save Changes"
        pendingLabel="Saving..."
        icon={<Save aria-hidden="true" />}
      />
    </form>
  );
}
