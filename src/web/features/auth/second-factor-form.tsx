import { zodResolver } from "@hookform/resolvers/zod";
import { paths } from "@shared/paths.ts";
import { type TwoFactorCode, TwoFactorCodeSchema } from "@shared/schemas/two-factor.ts";
import { ButtonUntilScripts } from "@web/components/forms/button-until-scripts.tsx";
import { Form, useFormStart } from "@web/components/forms/form.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { useForm } from "react-hook-form";
import { displayName, useSecondFactor } from "./api.ts";

/**
 * The second step of signing in to an account with two-factor sign-in on: the 6-digit code
 * from the authenticator app, or one of the recovery codes. A sign-in waits 5 minutes for
 * it; after that (401) the visitor starts again from the password.
 */
export function SecondFactorForm({ message, onRestart }: { message: string; onRestart: () => void }) {
  const id = useId();
  // a code refused after a post without scripts: its message under the field, as below
  const start = useFormStart("second-factor", { code: "" }, { failureField: "code" });
  const form = useForm<TwoFactorCode>({
    resolver: zodResolver(TwoFactorCodeSchema),
    defaultValues: start.defaultValues,
    errors: start.errors,
  });
  const verify = useSecondFactor();
  const fields = formFields(form, id);

  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutate(code, {
      onSuccess: (user) =>
        toast({ title: "Login successful", description: `Welcome back, ${displayName(user)}!` }),
      onError: (err) => {
        const text = errorMessage(err, "That code is not correct");
        if (err instanceof ApiError && err.status === 401) onRestart();
        else form.setError("code", { message: text });
        form.setValue("code", "");
        toast({ title: "Login failed", description: text, variant: "destructive" });
      },
    }),
  );

  return (
    <Form
      intent="second-factor"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Two-factor sign-in"
    >
      <div className="flex gap-3 rounded-lg bg-secondary/60 p-4 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>
          <span className="font-semibold">Two-factor sign-in is on for this account.</span> {message}.
        </p>
      </div>
      <FormField
        {...fields.field("code")}
        label="Authentication code"
        hint="Open your authenticator app for the 6-digit code. Lost your phone? Enter a recovery code instead."
      >
        <CodeInput {...fields.control("code", { hint: true })} />
      </FormField>
      <Button type="submit" size="lg" disabled={verify.isPending} className="w-full">
        <BusyLabel busy={verify.isPending} icon={<ShieldCheck aria-hidden="true" />} busyText="Verifying...">
          Verify and sign in
        </BusyLabel>
      </Button>
      <Button variant="ghost" className="justify-self-center" asChild>
        {/* without scripts, back to an empty sign-in form */}
        <ButtonUntilScripts href={paths.auth} onClick={onRestart}>
          <ArrowLeft aria-hidden="true" /> Use a different account
        </ButtonUntilScripts>
      </Button>
    </Form>
  );
}

/** The field for a code from the authenticator app or a recovery code, wherever one is asked for */
export function CodeInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      {...props}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      // digits bring up the number pad on phones; recovery codes need letters, so no inputMode
      placeholder="123456"
      autoFocus
      className="font-mono text-lg tracking-widest"
    />
  );
}
