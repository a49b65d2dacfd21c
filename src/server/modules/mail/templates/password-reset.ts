import type { Content, TemplateData } from "./types.ts";

export const passwordReset = (d: TemplateData["password_reset"]): Content => ({
  subject: "Reset your password",
  heading: "Reset your password",
  paragraphs: [
    `Hello ${d.name}, we received a request to reset the password of your account.`,
    `The link below works once and for ${d.minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
  ],
  action: { label: "Choose a new password", path: `/reset-password#token=${d.token}` },
});
