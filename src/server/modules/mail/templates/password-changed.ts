import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const passwordChanged = (d: TemplateData["password_changed"]): Content => ({
  subject: "Your password was changed",
  heading: "Your password was changed",
  paragraphs: [
    `Hello ${d.name}, the password of your account was just changed and your other devices were signed out.`,
    "If you did not make this change, please call or write to us at once.",
  ],
  action: { label: "Sign in", path: paths.auth },
});
