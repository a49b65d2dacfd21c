import { zodResolver } from "@hookform/resolvers/zod";
import type { PublicUser } from "@shared/schemas/auth.ts";
import {
  type EmailChange,
  EmailChangeSchema,
  type Profile,
  ProfileSchema,
  type ProfileUpdate,
} from "@shared/schemas/auth.ts";
import { AddressFields } from "@web/components/forms/address-fields.tsx";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, PhoneInput } from "@web/components/ui/input.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { Mail, Save, UserPen } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { AddressNotConfirmed } from "./account-notices.tsx";
import { useChangeEmail, useUpdateProfile } from "./api.ts";

/** the dashboard's "Account & security": password, two-factor sign-in and My Data */
export const ACCOUNT_SETTINGS_ID = "account-settings";

/**
 * Closes the profile and brings "Account & security" into view. It waits until the dialog
 * has gone: on closing, the dialog gives the focus back to Update Profile at the top of the
 * page, which would scroll straight back up.
 */
function goToAccountSettings(close: () => void) {
  close();
  const giveUpAt = performance.now() + 2000;
  const go = () => {
    if (document.querySelector('[role="dialog"]') && performance.now() < giveUpAt) {
      requestAnimationFrame(go);
      return;
    }
    // the dialog hands the focus back in a timeout of its own once it is gone: after that
    setTimeout(() => {
      const target = document.getElementById(ACCOUNT_SETTINGS_ID);
      target?.scrollIntoView({ block: "start" });
      target?.focus({ preventScroll: true });
    }, 50);
  };
  requestAnimationFrame(go);
}

const FIELDS = ["firstName", "lastName", "phone", "address", "city", "state", "pincode", "gstin"] as const;

const fromUser = (u: PublicUser): Profile => ({
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone ?? "",
  address: u.address ?? "",
  city: u.city ?? "",
  state: u.state ?? "",
  pincode: u.pincode ?? "",
  gstin: u.gstin ?? "",
});

/**
 * "Update Profile" (spec §2, behaviour ours): names, phone and address, saved with PATCH
 * /api/user. The e-mail address has its own form: a new one works once the link sent to it
 * is opened, and asks for the current password.
 */
export function ProfileDialog({ user }: { user: PublicUser }) {
  return (
    <FormDialog
      icon={UserPen}
      trigger="Update Profile"
      title="Update Profile"
      description="Keep your contact details current so our technicians can reach you about your service requests."
      className="max-w-2xl"
      form={(close) => (
        <div className="grid gap-6">
          <EmailAddress user={user} />
          <ProfileForm user={user} onDone={close} />
          <p className="border-t pt-4 text-sm text-muted-foreground">
            Your password, two-factor sign-in and your data are under{" "}
            <a
              href={`#${ACCOUNT_SETTINGS_ID}`}
              className="font-semibold text-primary hover:underline"
              onClick={(e) => {
                e.preventDefault();
                goToAccountSettings(close);
              }}
            >
              Account &amp; security
            </a>
            .
          </p>
        </div>
      )}
    />
  );
}

function ProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const id = useId();
  const form = useForm<Profile, unknown, ProfileUpdate>({
    resolver: zodResolver(ProfileSchema),
    defaultValues: fromUser(user),
  });
  const update = useUpdateProfile();
  const fields = formFields(form, id);
  const { failed } = useSaveErrors({
    form,
    fields: FIELDS,
    toast: { title: "Profile update failed", fallback: "Could not save your details. Please try again." },
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: "Profile updated", description: "Your details have been saved." });
        onDone();
      },
      onError: failed,
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

/** The account's address, whether it is proved, and the form that moves the account to a new one */
function EmailAddress({ user }: { user: PublicUser }) {
  const [changing, setChanging] = useState(false);
  // said here, not in a toast: the dialog stays open over the page
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section aria-label="Your e-mail" className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Mail aria-hidden="true" className="size-4 text-primary" />
        <span className="font-semibold">Email</span>
        <span className="break-all">{user.email}</span>
        {user.emailVerified ? <span className="text-muted-foreground">(confirmed)</span> : null}
      </p>
      <AddressNotConfirmed user={user} />
      {sent ? (
        <p role="status" className="text-sm">
          {sent}
        </p>
      ) : null}
      {changing ? (
        <EmailChangeForm
          onDone={(message) => {
            setSent(message);
            setChanging(false);
          }}
        />
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setChanging(true)}
        >
          Change e-mail
        </Button>
      )}
    </section>
  );
}

/** `onDone` gets the answer's words when a link was sent, nothing on Cancel */
function EmailChangeForm({ onDone }: { onDone: (message: string | null) => void }) {
  const id = useId();
  const form = useForm<EmailChange>({
    resolver: zodResolver(EmailChangeSchema),
    defaultValues: { email: "", currentPassword: "" },
  });
  const change = useChangeEmail();
  const fields = formFields(form, `${id}-email`);
  const { failed } = useSaveErrors({
    form,
    fields: ["email", "currentPassword"],
    toast: {
      title: "E-mail not changed",
      fallback: "Could not change your e-mail address. Please try again.",
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (answer) => onDone(answer.message),
      onError: failed,
    }),
  );
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border p-4"
      aria-label="Change e-mail"
    >
      <FormField {...fields.field("email")} label="New e-mail">
        <Input {...fields.control("email")} type="email" autoComplete="email" />
      </FormField>
      <FormField {...fields.field("currentPassword")} label="Current Password">
        <Input {...fields.control("currentPassword")} type="password" autoComplete="current-password" />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          Send the confirmation link
        </Button>
      </div>
    </Form>
  );
}
