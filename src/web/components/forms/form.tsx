import {
  FORM_ACTION_FIELD,
  FORM_OUTCOME_KEY,
  type FormIntent,
  type FormOutcome,
} from "@shared/form-actions.ts";
import { useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, useEffect, useState } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { useLocation, useSearch } from "wouter";

/**
 * Every form that sends data: a real `<form method="post">` whose action is the page it is
 * on. Its script handler stops the browser's own submit, so with scripts running nothing
 * changes; but a tap before they load (they load after the first paint) posts the fields in
 * the request's body, where the default GET would put a password in the address bar and
 * the history. `intent` names a form the server takes without scripts (src/shared/form-actions.ts);
 * any other form's early post only reloads the page.
 */
export function Form({
  intent,
  returnTo,
  children,
  ...props
}: Omit<ComponentProps<"form">, "method" | "action"> & {
  intent?: FormIntent;
  /** the id of the element the page shown again scrolls to, for a form far down its page */
  returnTo?: string;
}) {
  const [path] = useLocation();
  const search = useSearch();
  const action = `${path}${search ? `?${search}` : ""}${returnTo ? `#${returnTo}` : ""}`;
  return (
    <form method="post" action={action} {...props}>
      {intent ? <input type="hidden" name={FORM_ACTION_FIELD} value={intent} /> : null}
      {children}
    </form>
  );
}

/**
 * The server's answer to a post of this page's form, when the page was rendered from one:
 * read once, then dropped, so the page shown again later (after navigating back) starts clean.
 */
export function useFormOutcome(intent?: FormIntent): FormOutcome | undefined {
  const queryClient = useQueryClient();
  const [outcome] = useState(() => {
    const found = queryClient.getQueryData<FormOutcome>(FORM_OUTCOME_KEY);
    return intent === undefined || found?.intent === intent ? found : undefined;
  });
  useEffect(() => {
    if (outcome) queryClient.removeQueries({ queryKey: FORM_OUTCOME_KEY });
  }, [outcome, queryClient]);
  return outcome;
}

/**
 * A react-hook-form form's start from the server's answer: the values typed (over `empty`,
 * for the fields the form has) and the messages the server gave, as the form's errors;
 * `failureField` shows why the post was refused under that field, as its script does.
 * Both are made once: react-hook-form applies `errors` again whenever the object changes.
 */
export function useFormStart<T extends FieldValues>(
  intent: FormIntent,
  empty: T,
  { failureField }: { failureField?: keyof T & string } = {},
) {
  const outcome = useFormOutcome(intent);
  const [start] = useState(() => {
    if (!outcome) return { outcome, defaultValues: empty, errors: undefined };
    const defaultValues: Record<string, unknown> = { ...empty };
    for (const [name, value] of Object.entries(outcome.values)) {
      const was = empty[name];
      if (typeof was === "string") defaultValues[name] = value;
      // a ticked box posts "on"
      else if (typeof was === "boolean") defaultValues[name] = value === "on" || value === "true";
    }
    const messages = {
      ...(failureField && outcome.failure ? { [failureField]: outcome.failure } : {}),
      ...outcome.errors,
    };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(messages)) {
      if (name in empty) errors[name] = { type: "server", message };
    }
    return { outcome, defaultValues: defaultValues as T, errors: errors as FieldErrors<T> };
  });
  return start;
}
