import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const emailChanged = (d: TemplateData["email_changed"]): Content => ({
  subject: "The e-mail address of your account was changed",
  heading: "Your e-mail address was changed",
  paragraphs: [
    `Hello ${d.name}, the e-mail address of your account was changed from ${d.oldEmail} to ${d.newEmail}.`,
    "If you did not make this change, please call or write to us at once.",
  ],
  action: { label: "Go to your dashboard", path: paths.dashboard },
});
