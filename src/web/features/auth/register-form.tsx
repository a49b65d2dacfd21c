import { zodResolver } from "@hookform/resolvers/zod";
import { RegisterFormSchema, type RegisterForm as RegisterFormValues } from "@shared/schemas/auth.ts";
import { AddressFields } from "@web/components/forms/address-fields.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { PrivacyNotice } from "@web/components/forms/privacy-notice.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input, PhoneInput } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { applyServerFieldErrors } from "@web/lib/server-field-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { UserPlus } from "lucide-react";
import { useId } from "react";
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
export function RegisterForm({ onSwitchToLogin }: { onSwitchToLogin?: () => void }) {
  const id = useId();
  const form = useForm<RegisterFormValues, unknown, RegisterOutput>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: EMPTY,
  });
  const register = useRegister();
  const { errors } = form.formState;
  const err = (name: keyof RegisterFormValues) => errors[name]?.message;
  const a11y = (name: keyof RegisterFormValues) => fieldA11y(`${id}-${name}`, { error: err(name) });

  const onSubmit = form.handleSubmit(({ confirmPassword: _dropped, role: _role, ...values }) =>
    register.mutate(values, {
      onSuccess: (user) =>
        toast({
          title: "Registration successful",
          description: `Welcome, ${displayName(user)}! Your account is ready.`,
        }),
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, SERVER_FIELDS);
        toast({
          title: "Registration failed",
          description: errorMessage(error, "Could not create account. Please try again."),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Register">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-firstName`} label="First Name" error={err("firstName")}>
          <Input {...a11y("firstName")} autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField id={`${id}-lastName`} label="Last Name" error={err("lastName")}>
          <Input {...a11y("lastName")} autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
      </div>
      <FormField id={`${id}-username`} label="Username" error={err("username")}>
        <Input
          {...a11y("username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register("username")}
        />
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={err("email")}>
        <Input
          {...a11y("email")}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register("email")}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-password`} label="Password" error={err("password")}>
          <PasswordInput {...a11y("password")} autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField id={`${id}-confirmPassword`} label="Confirm Password" error={err("confirmPassword")}>
          <PasswordInput
            {...a11y("confirmPassword")}
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
        </FormField>
      </div>

      <fieldset className="grid gap-5 rounded-lg border border-dashed p-4">
        <legend className="px-1 text-sm font-semibold">
          Contact and property details <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <p className="-mt-2 text-xs text-muted-foreground">
          You can add these now or later from your dashboard. They help our technicians reach you faster.
        </p>
        <FormField id={`${id}-phone`} label="Phone" error={err("phone")}>
          <PhoneInput {...a11y("phone")} placeholder="+91 98765 43210" {...form.register("phone")} />
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
            {...form.register("marketingConsent")}
          />
          <span>Send me offers and news about warranty plans (optional).</span>
        </label>
        <PrivacyNotice purpose="to run your account, your policies and your service requests" />
      </div>

      {register.isError ? (
        <FormFailure
          title="Registration failed"
          message={errorMessage(register.error, "Could not create account. Please try again.")}
        />
      ) : null}
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
          <button
            type="button"
            onClick={onSwitchToLogin}
            className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
          >
            Log in
          </button>
        </p>
      ) : null}
    </form>
  );
}
