import { cn } from "@web/lib/cn.ts";
import type { ReactNode } from "react";
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Label } from "./input.tsx";

/**
 * The accessibility wiring of one form control: its id, aria-invalid, and the ids of the
 * hint and error it should be described by. Spread onto the Input/Textarea/NativeSelect.
 */
export function fieldA11y(id: string, { error, hint }: { error?: string; hint?: boolean } = {}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/**
 * The wiring of a react-hook-form form's fields, written once: each field's FormField and
 * its control get their ids from the form's `idPrefix` (its useId()) and the field's name,
 * the control is described by its error (and hint) and registered with the form. A form
 * that spells this out per field repeats the name four times, and one slip ties a label or
 * a message to the wrong control; so every form gets it from here.
 *
 *   const fields = formFields(form, id);
 *   <FormField {...fields.field("email")} label="Email">
 *     <Input {...fields.control("email")} type="email" />
 *   </FormField>
 *
 * A name may be a nested path ("items.0.room"); `id` then gives the ids a name of their own.
 * Only react-hook-form's types are imported here, so a page whose FormFields have no such
 * form downloads none of react-hook-form for them.
 */
export function formFields<T extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<T, TContext, TOutput>,
  idPrefix: string,
) {
  // react-hook-form re-renders a form for the parts of formState it reads, so only errors is
  // read here: getFieldState would also read touched, dirty and validating, and re-render the
  // whole form on each blur and first keystroke for nothing these fields show
  const at = (root: unknown, name: string) => {
    let found = root;
    for (const key of name.split(".")) found = (found as Record<string, unknown> | undefined)?.[key];
    return found;
  };
  const error = (name: FieldPath<T>) =>
    (at(form.formState.errors, name) as { message?: string } | undefined)?.message;
  // react-hook-form fills a control's value only once scripts run; the server's HTML carries
  // the default too, so a form shown again after a post without scripts keeps what was typed
  const defaultValue = (name: FieldPath<T>) => {
    const value = at(form.formState.defaultValues, name);
    return typeof value === "string" && value !== "" ? { defaultValue: value } : {};
  };
  return {
    /** the FormField's props: the control's id and the field's message */
    field: (name: FieldPath<T>, { id = `${idPrefix}-${name}` }: { id?: string } = {}) => ({
      id,
      error: error(name),
    }),
    /**
     * the control's props: id, aria wiring and form.register(name, register). `hint` when the
     * FormField shows one, so the control is described by it too.
     */
    control: <N extends FieldPath<T>>(
      name: N,
      {
        id = `${idPrefix}-${name}`,
        hint,
        register,
      }: { id?: string; hint?: boolean; register?: RegisterOptions<T, N> } = {},
    ) => ({
      ...fieldA11y(id, { error: error(name), hint }),
      ...defaultValue(name),
      ...form.register(name, register),
    }),
  };
}

/**
 * A failed parse's messages by the field each is about, for a form that keeps its own
 * errors rather than using react-hook-form. A field with several problems shows the last.
 */
export function messagesByField(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((i) => [String(i.path[0]), i.message]));
}

/** Label, control, optional hint and the validation message, stacked (shadcn/ui "FormItem"). */
export function FormField({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** shows "(optional)" beside the label */
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {/* a space, not a margin: the label's accessible name reads "City (optional)", not "City(optional)" */}
        {optional ? (
          <>
            {" "}
            <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
