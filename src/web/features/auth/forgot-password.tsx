import { zodResolver } from "@hookform/resolvers/zod";
import { type ForgotPassword, ForgotPasswordSchema } from "@shared/schemas/outbox.ts";
import { useMutation } from "@tanstack/react-query";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { TitledDialog } from "@web/components/ui/dialog.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { apiCall } from "@web/lib/api.ts";
import { MailCheck, Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";

/**
 * "Forgot password?" under the sign-in form: asks for the account's e-mail address and
 * shows the server's answer, which is the same whether or not the address has an account.
 */
export function ForgotPasswordLink() {
  // the dialog's content is unmounted while it is closed, so each opening starts empty
  return (
    <TitledDialog
      trigger={
        <button
          type="button"
          className="cursor-pointer text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </button>
      }
      title="Reset your password"
      description="Enter the e-mail address of your account. We will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </TitledDialog>
  );
}

function ForgotPasswordForm() {
  const id = useId();
  const form = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const send = useMutation({
    mutationFn: (body: ForgotPassword) => apiCall("POST /api/password/forgot", { body }),
  });
  const fields = formFields(form, id);
  if (send.isSuccess) {
    return (
      <p role="status" className="flex gap-3 rounded-md bg-muted p-4 text-sm">
        <MailCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {send.data.message}
      </p>
    );
  }
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <FormField {...fields.field("email")} label="Email">
        <Input {...fields.control("email")} type="email" autoComplete="email" placeholder="you@example.com" />
      </FormField>
      <ActionError action={send} fallback="Please try again later." />
      <Button type="submit" disabled={send.isPending}>
        <BusyLabel busy={send.isPending} icon={<Send aria-hidden="true" />} busyText="Sending...">
          Send reset link
        </BusyLabel>
      </Button>
    </form>
  );
}
