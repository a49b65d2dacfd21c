import { zodResolver } from "@hookform/resolvers/zod";
import { paths } from "@shared/paths.ts";
import { type ForgotPassword, ForgotPasswordSchema } from "@shared/schemas/outbox.ts";
import { useMutation } from "@tanstack/react-query";
import { ButtonUntilScripts } from "@web/components/forms/button-until-scripts.tsx";
import { Form, useFormStart } from "@web/components/forms/form.tsx";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { TitledDialog } from "@web/components/ui/dialog.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { apiCall } from "@web/lib/api.ts";
import { MailCheck, Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";

/** The sign-in page's own view of the form, for a visitor whose scripts have not run (or never will). */
const FORGOT_PASSWORD_PATH = `${paths.auth}?tab=forgot`;

export const FORGOT_PASSWORD_TITLE = "Reset your password";
export const FORGOT_PASSWORD_INTRO =
  "Enter the e-mail address of your account. We will send you a link to choose a new password.";

/**
 * "Forgot password?" under the sign-in form: asks for the account's e-mail address and
 * shows the server's answer, which is the same whether or not the address has an account.
 * With scripts it opens a dialog; before they run it is a link to the sign-in page's own
 * forgot-password view, which works without them.
 */
export function ForgotPasswordLink() {
  // the dialog's content is unmounted while it is closed, so each opening starts empty
  return (
    <TitledDialog
      trigger={
        <ButtonUntilScripts
          href={FORGOT_PASSWORD_PATH}
          className="cursor-pointer text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </ButtonUntilScripts>
      }
      title={FORGOT_PASSWORD_TITLE}
      description={FORGOT_PASSWORD_INTRO}
    >
      <ForgotPasswordForm />
    </TitledDialog>
  );
}

export function ForgotPasswordForm() {
  const id = useId();
  const start = useFormStart("forgot", { email: "" });
  const form = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: start.defaultValues,
    errors: start.errors,
  });
  const send = useMutation({
    mutationFn: (body: ForgotPassword) => apiCall("POST /api/password/forgot", { body }),
  });
  const fields = formFields(form, id);
  // the answer, from the script's call or from the server that took the post without it
  const sent = send.isSuccess ? send.data.message : send.isIdle ? start.outcome?.done : undefined;
  if (sent !== undefined) {
    return (
      <p role="status" className="flex gap-3 rounded-md bg-muted p-4 text-sm">
        <MailCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {sent}
      </p>
    );
  }
  const refused = send.isIdle ? start.outcome?.failure : undefined;
  return (
    <Form
      intent="forgot"
      noValidate
      className="grid gap-4"
      aria-label={FORGOT_PASSWORD_TITLE}
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
    >
      <FormField {...fields.field("email")} label="Email">
        <Input {...fields.control("email")} type="email" autoComplete="email" placeholder="you@example.com" />
      </FormField>
      {refused ? (
        <p role="alert" className="text-sm text-danger">
          {refused}
        </p>
      ) : (
        <ActionError action={send} fallback="Please try again later." />
      )}
      <Button type="submit" disabled={send.isPending}>
        <BusyLabel busy={send.isPending} icon={<Send aria-hidden="true" />} busyText="Sending...">
          Send reset link
        </BusyLabel>
      </Button>
    </Form>
  );
}
