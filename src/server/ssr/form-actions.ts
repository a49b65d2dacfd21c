import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { EndpointName } from "../../shared/endpoints/index.ts";
import {
  FORM_ACTION_FIELD,
  type FormIntent,
  type FormOutcome,
  isFormIntent,
} from "../../shared/form-actions.ts";
import { LoginSchema, type PublicUser, RegisterFormSchema } from "../../shared/schemas/auth.ts";
import { EnquirySchema } from "../../shared/schemas/enquiry.ts";
import { ForgotPasswordSchema } from "../../shared/schemas/outbox.ts";
import { TwoFactorCodeSchema } from "../../shared/schemas/two-factor.ts";
import { NOT_SENT } from "../../web/lib/company.ts";

/**
 * How the server takes each form of src/shared/form-actions.ts when it arrives as a plain
 * post: the browser form's own schema (so the field messages are the ones the script shows),
 * the API call the script makes with the parsed values, and which fields are never sent back.
 */
interface PlainForm {
  endpoint: EndpointName;
  schema: z.ZodType;
  /** the API's body from the parsed form, when it is not the parsed form itself */
  body?: (parsed: Record<string, unknown>) => unknown;
  /** fields that are not shown again: passwords and codes stay in the post */
  secret?: string[];
  /** check boxes: present ("on") when ticked, absent when not */
  boxes?: string[];
  /** the call answers the signed-in user (and starts the session) */
  signsIn?: boolean;
}

const PLAIN_FORMS: Record<FormIntent, PlainForm> = {
  login: { endpoint: "POST /api/login", schema: LoginSchema, secret: ["password"], signsIn: true },
  "second-factor": {
    endpoint: "POST /api/login/two-factor",
    schema: TwoFactorCodeSchema,
    secret: ["code"],
    signsIn: true,
  },
  register: {
    endpoint: "POST /api/register",
    schema: RegisterFormSchema,
    // as the script does: the confirmation stays in the browser, and every sign-up is a customer
    body: ({ confirmPassword: _dropped, ...values }) => ({ ...values, role: "customer" }),
    secret: ["password", "confirmPassword"],
    boxes: ["marketingConsent"],
    signsIn: true,
  },
  forgot: { endpoint: "POST /api/password/forgot", schema: ForgotPasswordSchema },
  enquiry: { endpoint: "POST /api/inquiries", schema: EnquirySchema },
};

/** The longest value shown back in a page: a message box holds a few thousand characters at most. */
const MAX_ECHO = 5000;

export type PostResult =
  /** the page again, with the outcome; `user` when the post signed someone in */
  | { status: number; outcome: FormOutcome; user?: PublicUser; cookies?: string[] }
  /** not one of the plain forms: the page is shown again as a GET would show it */
  | { reload: true };

/**
 * A call to the site's own API on the visitor's behalf: their cookie, their address (rate
 * limits count them, not the server), and the headers the cross-site check reads, so the
 * call passes exactly the checks the same call from the browser's script passes.
 */
export async function callAsVisitor(
  app: FastifyInstance,
  request: FastifyRequest,
  host: string,
  call: { method: "GET" | "POST"; url: string; body?: unknown },
) {
  const forwarded = ["cookie", "origin", "sec-fetch-site", "user-agent"] as const;
  const headers: Record<string, string> = { host };
  for (const name of forwarded) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  if (call.body !== undefined) headers["content-type"] = "application/json";
  return app.inject({
    method: call.method,
    url: call.url,
    headers,
    remoteAddress: request.ip,
    ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
  });
}

/**
 * A form posted without scripts (application/x-www-form-urlencoded) to the page it is on.
 * Its fields are checked by the form's own schema; a valid form makes the API call the
 * script makes, through the same route (validation, rate limits, audit, sessions). The
 * answer is the page again: with the field messages and the values typed, or with what the
 * call said; after a sign-in, the page itself redirects to where the script would have gone.
 */
export async function takeFormPost(
  app: FastifyInstance,
  request: FastifyRequest,
  host: string,
  fields: URLSearchParams,
): Promise<PostResult> {
  const intent = fields.get(FORM_ACTION_FIELD);
  if (!isFormIntent(intent)) return { reload: true };
  const form = PLAIN_FORMS[intent];
  const secret = new Set([FORM_ACTION_FIELD, ...(form.secret ?? [])]);
  const values: Record<string, string> = {};
  const input: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    if (name === FORM_ACTION_FIELD || name in input) continue;
    input[name] = form.boxes?.includes(name) ? value === "on" || value === "true" : value;
    if (!secret.has(name)) values[name] = value.slice(0, MAX_ECHO);
  }
  for (const box of form.boxes ?? []) input[box] ??= false;

  const parsed = form.schema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    // the first message of each field, as the browser's form shows it
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { status: 400, outcome: { intent, values, errors } };
  }
  const data = parsed.data as Record<string, unknown>;
  const [method, url] = form.endpoint.split(" ") as ["POST", string];
  const answer = await callAsVisitor(app, request, host, { method, url, body: form.body?.(data) ?? data });
  const body = safeJson(answer.body);
  const cookie = answer.headers["set-cookie"];
  const cookies = cookie === undefined ? [] : [cookie].flat().map(String);
  if (answer.statusCode >= 300) {
    const errors = isRecord(body?.errors) ? stringsOf(body.errors) : {};
    // a failure on our side is said as the browser says it (lib/api.ts errorMessage), never in its own words
    const failure =
      answer.statusCode >= 500
        ? NOT_SENT
        : typeof body?.message === "string"
          ? body.message
          : "Please try again later";
    // a sign-in that waited too long for its code starts again from the password, as with scripts
    const shown = intent === "second-factor" && answer.statusCode === 401 ? "login" : intent;
    return { status: answer.statusCode, outcome: { intent: shown, values, errors, failure }, cookies };
  }
  const message = typeof body?.message === "string" ? body.message : "";
  // the password was right, and the account asks for a code next (no session yet)
  if (body?.twoFactorRequired === true) {
    return {
      status: 200,
      outcome: { intent: "second-factor", values: {}, errors: {}, done: message },
      cookies,
    };
  }
  if (!form.signsIn)
    return { status: 200, outcome: { intent, values: {}, errors: {}, done: message }, cookies };
  return { status: 200, outcome: { intent, values: {}, errors: {} }, user: body as PublicUser, cookies };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

const stringsOf = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter((e): e is [string, string] => typeof e[1] === "string"));

function safeJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}
