import { zodResolver } from "@hookform/resolvers/zod";
import { RegisterFormSchema, type RegisterForm as RegisterFormValues } from "@shared/schemas/auth.ts";
import { AddressFields } from "@web/components/forms/address-fields.tsx";
import { ButtonUntilScripts } from "@web/components/forms/button-until-scripts.tsx";
import { Form, useFormStart } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { PrivacyNotice } from "@web/components/forms/privacy-notice.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, PhoneInput } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { useHashEmail } from "@web/lib/use-hash-token.ts";
import { UserPlus } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { displayName, useRegister } from "./api.ts";
import { PasswordInput } from "./password-input.tsx";

type RegisterOutput = z.output<typeof RegisterFormSchema>;

const EMPTY: RegisterFormValues = {
  firstName: "",
  lastName: "",
  username: "",
  email: "",
  password: "",
  confirmPassword: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  pincode: "",
  marketingConsent: false,
};

const SERVER_FIELDS = [
  "firstName",
  "lastName",
  "username",
  "email",
  "password",
  "phone",
  "address",
  "city",
  "state",
  "pincode",
] as const;

/** The registration rules and toasts. */
export function RegisterForm({
  onSwitchToLogin,
}: {
  onSwitchToLogin?: { href: string; onSwitch: () => void };
}) {
  const id = useId();
  // shown again by the server after a post without scripts: what was typed (not the
  // passwords) and the messages, the server's among them (a username taken)
  const start = useFormStart("register", EMPTY);
  const form = useForm<RegisterFormValues, unknown, RegisterOutput>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: start.defaultValues,
    errors: start.errors,
  });
  const register = useRegister();
  const fields = formFields(form, id);
  const { failed } = useSaveErrors({
    form,
    fields: SERVER_FIELDS,
    toast: { title: "Registration failed", fallback: "Could not create account. Please try again." },
  });
  // invited by e-mail (a warranty transfer's link): the address it was sent to, unless one was typed
  const invited = useHashEmail();
  useEffect(() => {
    if (invited && !form.getValues("email")) form.setValue("email", invited);
  }, [invited, form]);
  const failure = register.isError
    ? errorMessage(register.error, "Could not create account. Please try again.")
    : register.isIdle
      ? start.outcome?.failure
      : undefined;

  const onSubmit = form.handleSubmit(({ confirmPassword: _dropped, role: _role, ...values }) =>
    register.mutate(values, {
      onSuccess: (user) =>
        toast({
          title: "Registration successful",
          description: `Welcome, ${displayName(user)}! Your account is ready.`,
        }),
      onError: failed,
    }),
  );

  return (
    <Form intent="register" noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Register">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...fields.field("firstName")} label="First Name">
          <Input {...fields.control("firstName")} autoComplete="given-name" />
        </FormField>
        <FormField {...fields.field("lastName")} label="Last Name">
          <Input {...fields.control("lastName")} autoComplete="family-name" />
        </FormField>
      </div>
      <FormField {...fields.field("username")} label="Username">
        <Input
          {...fields.control("username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>
      <FormField {...fields.field("email")} label="Email">
        <Input {...fields.control("email")} type="email" autoComplete="email" placeholder="you@example.com" />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...fields.field("password")} label="Password">
          <PasswordInput {...fields.control("password")} autoComplete="new-password" />
        </FormField>
        <FormField {...fields.field("confirmPassword")} label="Confirm Password">
          <PasswordInput {...fields.control("confirmPassword")} autoComplete="new-password" />
        </FormField>
      </div>

      <fieldset className="grid gap-5 rounded-lg border border-dashed p-4">
        <legend className="px-1 text-sm font-semibold">
          Contact and property details <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <p className="-mt-2 text-xs text-muted-foreground">
          You can add these now or later from your dashboard. They help our technicians reach you faster.
        </p>
        <FormField {...fields.field("phone")} label="Phone">
          <PhoneInput {...fields.control("phone")} placeholder="+91 98765 43210" />
        </FormField>
        <AddressFields form={form} idPrefix={id} />
      </fieldset>

      <div className="grid gap-3">
        {/* separate from the account, never ticked for the person: marketing needs its own yes */}
        <label htmlFor={`${id}-marketing`} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            id={`${id}-marketing`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            defaultChecked={start.defaultValues.marketingConsent}
            {...form.register("marketingConsent")}
          />
          <span>Send me offers and news about warranty plans (optional).</span>
        </label>
        <PrivacyNotice purpose="to run your account, your policies and your service requests" />
      </div>

      {failure ? <FormFailure title="Registration failed" message={failure} /> : null}
      <Button type="submit" size="lg" disabled={register.isPending} className="w-full">
        <BusyLabel
          busy={register.isPending}
          icon={<UserPlus aria-hidden="true" />}
          busyText="Creating account..."
        >
          Create Account
        </BusyLabel>
      </Button>
      {onSwitchToLogin ? (
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <ButtonUntilScripts
            href={onSwitchToLogin.href}
            onClick={onSwitchToLogin.onSwitch}
            className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
          >
            Log in
          </ButtonUntilScripts>
        </p>
      ) : null}
    </Form>
  );
}
