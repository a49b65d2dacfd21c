import { z } from "zod";
import { optionalGstin } from "../gstin.ts";
import { isoDateTime } from "./ids.ts";
import { optionalText } from "./text.ts";

/** Optional profile text: empty becomes undefined, so it is stored as null. */
const profileText = (max: number) => optionalText(max, undefined);

/**
 * A phone number as Indians write them: at least 10 characters of digits, with an optional
 * +91, spaces, dashes or brackets.
 */
export const phoneSchema = z
  .string()
  .trim()
  .min(10, "Please enter a valid phone number")
  .max(20, "Please enter a valid phone number")
  .regex(/^[0-9+\-() ]+$/, "Please enter a valid phone number");

/** An e-mail address as typed: trimmed and lower-cased, so one address always compares as one */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address")
  .max(254);

export const pincodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{5}$/, "Please enter a valid 6-digit PIN code");

const optionalPincode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(pincodeSchema.optional());

/** `username` may also be the account's e-mail address (any case): the longest address fits */
export const LoginSchema = z.object({
  username: z.string().trim().min(3, "Username is required and must be at least 3 characters").max(254),
  password: z.string().min(6, "Password is required and must be at least 6 characters").max(256),
});
export type Login = z.infer<typeof LoginSchema>;

export const PASSWORD_REPEATED_MESSAGE = "Password must not be one character repeated, such as aaaaaa";
export const PASSWORD_IS_NAME_MESSAGE = "Password must not be your username or e-mail address";

/** "aaaaaa" or "AaAaAa": long enough for the length rule, and the first thing a guesser tries */
export const oneCharacterRepeated = (password: string) =>
  new Set(Array.from(password.toLowerCase())).size === 1;

/**
 * A password that is the account's own username or e-mail address (in any case) is known
 * to anyone who knows the account; null when it is neither. Checked wherever the names are
 * at hand: the sign-up form in the browser, and every password the server sets.
 */
export function passwordNamesProblem(password: string, names: { username?: string; email?: string }) {
  const p = password.trim().toLowerCase();
  const same = (name: string | undefined) => Boolean(name) && p === name?.trim().toLowerCase();
  return same(names.username) || same(names.email) ? PASSWORD_IS_NAME_MESSAGE : null;
}

/** A password someone chooses (sign-up, change, reset); staff accounts need STAFF_PASSWORD_MIN, checked on the server */
export const newPasswordSchema = z
  .string()
  .min(6, "Password must be at least 6 characters")
  .max(256)
  .refine((p) => !oneCharacterRepeated(p), PASSWORD_REPEATED_MESSAGE);

/**
 * A form that sets a password asks for it twice: `schema` with a confirmation that must
 * match its `field`, checked in the browser only (the API takes `schema` itself). A form
 * that also holds the username or e-mail (sign-up) says at once when the password is one
 * of them; the server checks it again.
 */
export const withPasswordConfirmation = <Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
) =>
  schema
    .extend({ confirmPassword: z.string().min(6, "Please confirm your password") })
    .refine((v: Record<string, unknown>) => v[field] === v.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    })
    .superRefine((v: Record<string, unknown>, ctx) => {
      const text = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
      const problem = passwordNamesProblem(text(field) ?? "", {
        username: text("username"),
        email: text("email"),
      });
      if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
    });

/** What the register API accepts: the form minus confirmPassword. `role` is ignored: every sign-up is a customer. */
export const RegisterSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(80),
  lastName: z.string().trim().min(1, "Last name is required").max(80),
  username: z
    .string()
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(64, "Username must be at most 64 characters"),
  email: emailSchema,
  password: newPasswordSchema,
  phone: profileText(20),
  address: profileText(300),
  city: profileText(80),
  state: profileText(80),
  pincode: optionalPincode,
  role: z.string().optional(),
  /** the separate, unticked-by-default box for offers and news (recorded in `consents`) */
  marketingConsent: z.boolean().optional(),
});
export type Register = z.infer<typeof RegisterSchema>;

/** The minimum for staff accounts: they can see and change every customer's records. */
export const STAFF_PASSWORD_MIN = 12;

/**
 * The current password, asked again before a change that would let someone at an unlocked
 * screen keep the account: the password, the e-mail address, two-factor sign-in.
 */
export const currentPasswordField = z.string().min(1, "Please enter your current password").max(256);

/** Change password (the profile): the current password, and the new one under the sign-up rule. */
export const ChangePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The dialog adds a confirmation field, checked in the browser only. */
export const ChangePasswordFormSchema = withPasswordConfirmation(ChangePasswordSchema, "newPassword");
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

/** The register form adds a confirmation field, checked in the browser only. */
export const RegisterFormSchema = withPasswordConfirmation(RegisterSchema, "password");
export type RegisterForm = z.input<typeof RegisterFormSchema>;

/**
 * A contact field of a profile update: left out, it keeps what is stored (undefined); sent
 * empty (or null), it clears it (null); otherwise `rule` checks it, with its own message.
 */
const clearable = <T extends z.ZodType<string, string>>(rule: T) =>
  z
    .string()
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v))
    .pipe(rule.nullable().optional());

/**
 * A profile update (PATCH /api/user, and the profile form): only the fields sent change, so
 * a GSTIN alone is a whole update. The e-mail address is not changed here: a new address
 * works once the link sent to it is followed (POST /api/user/email); `email` is accepted
 * only so that a form that sends the current one back is not refused.
 */
export const ProfileSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(80).optional(),
  lastName: z.string().trim().min(1, "Last name is required").max(80).optional(),
  email: emailSchema.optional(),
  phone: clearable(phoneSchema),
  address: clearable(z.string().trim().max(300, "Must be at most 300 characters")),
  city: clearable(z.string().trim().max(80, "Must be at most 80 characters")),
  state: clearable(z.string().trim().max(80, "Must be at most 80 characters")),
  pincode: clearable(pincodeSchema),
  /** a customer's GSTIN, printed on invoices issued after it is given; "" removes it, absent leaves it */
  gstin: optionalGstin,
});
export type Profile = z.input<typeof ProfileSchema>;
export type ProfileUpdate = z.output<typeof ProfileSchema>;

/** A change of e-mail address: the current password, and the new address, which a link sent to it confirms. */
export const EmailChangeSchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordField,
});
export type EmailChange = z.infer<typeof EmailChangeSchema>;

/** The token of a link that proves an e-mail address (from the link's `#token=`). */
export const EmailConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const EMAIL_CHANGE_THROUGH_LINK =
  "To change your e-mail address, use Change e-mail: the new address works once you follow the link we send to it.";

/**
 * `technician`: a field engineer who visits homes. Signs in to the console but sees only the
 * tickets assigned to them (list, detail, reply, visits); every other staff call is 403.
 * `partner`: a user of a B2B partner (modules/partners). Reaches the partner calls of their
 * own organisation only, while a member of it; every staff call is 403.
 */
export const ROLES = ["customer", "admin", "technician", "partner"] as const;
export type Role = (typeof ROLES)[number];

/** staff: whoever signs in to the console, admins and technicians */
export const isStaffRole = (role: Role | undefined) => role === "admin" || role === "technician";

/** A user as every API answer shows it: never the password hash. */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  /** the customer's GSTIN, if they gave one */
  gstin: z.string().nullable().optional(),
  role: z.enum(ROLES),
  /** whether the person followed a link sent to `email`, proving the address is theirs */
  emailVerified: z.boolean(),
  createdAt: isoDateTime,
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** A staff view of a customer: how many policies they hold and how many tickets await staff. */
export const AdminCustomerSchema = PublicUserSchema.extend({
  policyCount: z.number().int(),
  openTicketCount: z.number().int(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

/** An answer that only says what happened (logout) */
export const MessageSchema = z.object({ message: z.string() });
