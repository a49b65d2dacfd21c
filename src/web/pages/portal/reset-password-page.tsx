import { zodResolver } from "@hookform/resolvers/zod";
import { paths } from "@shared/paths.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { type ResetPasswordForm, ResetPasswordFormSchema } from "@shared/schemas/outbox.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { EmailLinkPage } from "@web/components/layout/email-link-page.tsx";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { isTwoFactorChallenge } from "@web/features/auth/api.ts";
import { PasswordInput } from "@web/features/auth/password-input.tsx";
import { CodeInput } from "@web/features/auth/second-factor-form.tsx";
import { apiCall } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { useHashToken } from "@web/lib/use-hash-token.ts";
import { setSignedInUser } from "@web/lib/use-user.ts";
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";

/**
 * Where the reset e-mail's link leads. The token travels after the '#', so it is never sent
 * to the server with the page request nor written in any log; it is read here and sent
 * once, with the new password.
 */
export default function ResetPasswordPage() {
  const token = useHashToken();
  return (
    <EmailLinkPage
      title="Choose a new password"
      description="Set a new password for your account."
      path={paths.resetPassword}
      icon={KeyRound}
      minHeight="min-h-[60vh]"
    >
      {token === null ? null : token === "" ? (
        <p className="mt-4 text-sm text-muted-foreground">
          This page needs the link from your password reset e-mail.{" "}
          <Link href={paths.auth} className="font-semibold text-primary hover:underline">
            Ask for a new link
          </Link>{" "}
          from the sign-in page.
        </p>
      ) : (
        <ResetForm token={token} />
      )}
    </EmailLinkPage>
  );
}

function ResetForm({ token }: { token: string }) {
  const id = useId();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  // an account with two-factor sign-in: the server changed nothing yet and asks for a code,
  // sent with the same new password
  const [challenge, setChallenge] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (v: ResetPasswordForm) =>
      apiCall("POST /api/password/reset", {
        body: { token: v.token, password: v.password, ...(v.code ? { code: v.code } : {}) },
      }),
    onSuccess: (answer) => {
      if (isTwoFactorChallenge(answer)) {
        setChallenge(answer.message);
        return;
      }
      // the link is spent: take it out of the address bar and the history
      window.history.replaceState(null, "", paths.resetPassword);
      setSignedInUser(queryClient, answer as PublicUser);
      toast({ title: "Password changed", description: "You are signed in with your new password." });
      // a partner's user chooses their first password here from the invitation: to their dashboard
      navigate(
        answer.role === "admin" ? paths.admin : answer.role === "partner" ? paths.partner : paths.dashboard,
      );
    },
  });
  const fields = formFields(form, id);
  return (
    <Form
      noValidate
      aria-label="Choose a new password"
      className="mt-6 grid gap-5"
      onSubmit={form.handleSubmit((v) => reset.mutate(v))}
    >
      <FormField {...fields.field("password")} label="New password">
        <PasswordInput {...fields.control("password")} autoComplete="new-password" />
      </FormField>
      <FormField {...fields.field("confirmPassword")} label="Confirm new password">
        <PasswordInput {...fields.control("confirmPassword")} autoComplete="new-password" />
      </FormField>
      {challenge === null ? null : (
        <FormField
          {...fields.field("code")}
          label="Authentication code"
          hint={`Two-factor sign-in is on for this account. ${challenge}.`}
        >
          <CodeInput {...fields.control("code", { hint: true })} />
        </FormField>
      )}
      <ActionError action={reset} fallback="Please try again." />
      {/* An account a partner made for its homeowner is opened here: this is where the person
          first sees how we use the details the partner gave us. */}
      <p className="text-sm text-muted-foreground">
        By setting a password you accept our{" "}
        <Link href={paths.privacy} className="font-semibold text-primary hover:underline">
          Privacy Notice
        </Link>
        : how we use your name, contact details and home's address, and your rights over them.
      </p>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        <BusyLabel busy={reset.isPending} icon={<KeyRound aria-hidden="true" />} busyText="Saving...">
          Set new password
        </BusyLabel>
      </Button>
    </Form>
  );
}
