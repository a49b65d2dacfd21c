import { zodResolver } from "@hookform/resolvers/zod";
import { type Login, LoginSchema } from "@shared/schemas/auth.ts";
import { TWO_FACTOR_CHALLENGE_MESSAGE } from "@shared/schemas/two-factor.ts";
import { ButtonUntilScripts } from "@web/components/forms/button-until-scripts.tsx";
import { Form, useFormOutcome, useFormStart } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { LogIn } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { displayName, isTwoFactorChallenge, useLogin } from "./api.ts";
import { ForgotPasswordLink } from "./forgot-password.tsx";
import { PasswordInput } from "./password-input.tsx";
import { SecondFactorForm } from "./second-factor-form.tsx";

/** The login rules and toasts. Where to go next is the page's business. */
export function LoginForm({
  onSwitchToRegister,
}: {
  onSwitchToRegister?: { href: string; onSwitch: () => void };
}) {
  const id = useId();
  // shown again by the server after a post without scripts: the username and its messages
  const start = useFormStart("login", { username: "", password: "" });
  const form = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: start.defaultValues,
    errors: start.errors,
  });
  const login = useLogin();
  const fields = formFields(form, id);
  // the password was right and the account has a second factor: ask for a code next
  // (after a post without scripts, the server asked for it already)
  const secondStep = useFormOutcome("second-factor");
  const [challenge, setChallenge] = useState<string | null>(() =>
    secondStep ? TWO_FACTOR_CHALLENGE_MESSAGE : null,
  );
  const failure = login.isError
    ? errorMessage(login.error, "Invalid username or password")
    : login.isIdle
      ? start.outcome?.failure
      : undefined;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if (isTwoFactorChallenge(answer)) setChallenge(answer.message);
        else toast({ title: "Login successful", description: `Welcome back, ${displayName(answer)}!` });
      },
      onError: (error) =>
        toast({
          title: "Login failed",
          description: errorMessage(error, "Invalid username or password"),
          variant: "destructive",
        }),
    }),
  );

  if (challenge !== null) {
    return (
      <SecondFactorForm
        message={challenge}
        onRestart={() => {
          setChallenge(null);
          form.setValue("password", "");
        }}
      />
    );
  }

  return (
    <Form intent="login" noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Login">
      <FormField {...fields.field("username")} label="Username or e-mail">
        <Input
          {...fields.control("username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Your username or e-mail address"
        />
      </FormField>
      <FormField {...fields.field("password")} label="Password">
        <PasswordInput
          {...fields.control("password")}
          autoComplete="current-password"
          placeholder="Your password"
        />
      </FormField>
      <div className="-mt-3 text-right">
        <ForgotPasswordLink />
      </div>
      {failure ? <FormFailure title="Login failed" message={failure} /> : null}
      <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
        <BusyLabel busy={login.isPending} icon={<LogIn aria-hidden="true" />} busyText="Logging in...">
          Login
        </BusyLabel>
      </Button>
      {onSwitchToRegister ? (
        <p className="text-center text-sm text-muted-foreground">
          New here?{" "}
          <ButtonUntilScripts
            href={onSwitchToRegister.href}
            onClick={onSwitchToRegister.onSwitch}
            className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </ButtonUntilScripts>
        </p>
      ) : null}
    </Form>
  );
}
