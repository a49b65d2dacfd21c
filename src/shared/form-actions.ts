/**
 * The forms a visitor meets first (sign-in, sign-up, forgot password, an enquiry) also work
 * before scripts load, or with scripts off: the browser posts them to the page they are on,
 * the server runs the same API call the script would have made, and answers with the page
 * again (field messages, values kept) or a redirect. A hidden field names which form it was,
 * since a page may carry more than one.
 */
export const FORM_ACTION_FIELD = "_action";

/** The forms the server takes as plain posts; every other form's post just reloads its page. */
const FORM_INTENTS = ["login", "second-factor", "register", "forgot", "enquiry"] as const;
export type FormIntent = (typeof FORM_INTENTS)[number];

export const isFormIntent = (value: unknown): value is FormIntent =>
  FORM_INTENTS.includes(value as FormIntent);

/** What the server hands the page it renders after taking a form post. */
export interface FormOutcome {
  intent: FormIntent;
  /** what was typed, to show again; never a password or a code */
  values: Record<string, string>;
  /** the message under each field the post was refused for */
  errors: Record<string, string>;
  /** why the post was refused, when it was (the words of the script's error toast) */
  failure?: string;
  /** the call's own message when it was accepted (the forgot-password answer, a second-factor prompt) */
  done?: string;
}

/** Where the outcome travels in the page's query cache, so hydration sees what the server rendered. */
export const FORM_OUTCOME_KEY = ["form-outcome"] as const;
