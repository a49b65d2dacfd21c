import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ChangePassword,
  type ChangePasswordForm,
  ChangePasswordFormSchema,
} from "@shared/schemas/auth.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useChangePassword } from "./api.ts";

const FIELDS = ["currentPassword", "newPassword"] as const;

/**
 * Change Password: the current password, then the new one twice. The server applies the
 * password rules (the most common passwords are refused) and signs out every other device.
 */
export function ChangePasswordDialog() {
  return (
    <FormDialog
      icon={KeyRound}
      trigger="Change Password"
      title="Change Password"
      description="Enter your current password, then a new one. Other devices signed in to your account will be signed out."
      className="max-w-md"
      form={(close) => <ChangePasswordFields onDone={close} />}
    />
  );
}

function ChangePasswordFields({ onDone }: { onDone: () => void }) {
  const id = useId();
  const form = useForm<ChangePasswordForm, unknown, ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const change = useChangePassword();
  const fields = formFields(form, id);
  const { failed } = useSaveErrors({
    form,
    fields: FIELDS,
    toast: { title: "Password change failed", fallback: "Could not change your password. Please try again." },
  });
  // the three fields differ only in their name, label and what the browser may fill in
  const passwordField = (name: keyof ChangePasswordForm, label: string, autoComplete: string) => (
    <FormField {...fields.field(name)} label={label}>
      <Input type="password" {...fields.control(name)} autoComplete={autoComplete} />
    </FormField>
  );

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    const body: ChangePassword = { currentPassword, newPassword };
    change.mutate(body, {
      onSuccess: () => {
        toast({ title: "Password changed", description: "Other devices have been signed out." });
        onDone();
      },
      onError: failed,
    });
  });

  return (
    <Form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Change password">
      {passwordField("currentPassword", "Current Password", "current-password")}
      {passwordField("newPassword", "New Password", "new-password")}
      {passwordField("confirmPassword", "Confirm New Password", "new-password")}
      <FormDialogFooter pending={change.isPending} label="Change Password" pendingLabel="Changing..." />
    </Form>
  );
}
