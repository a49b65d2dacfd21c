import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const emailConfirm = (d: TemplateData["email_confirm"]): Content => ({
  subject: d.change ? "Confirm your new e-mail address" : "Confirm your e-mail address",
  heading: d.change ? "Confirm your new e-mail address" : "Confirm your e-mail address",
  paragraphs: [
    d.change
      ? `Hello ${d.name}, you asked to use this address for your account (username ${d.username}). It takes effect when you open the link below.`
      : `Hello ${d.name}, please confirm that this address is yours, for your account (username ${d.username}). Your account works already; a home a partner registers for you, or a warranty a seller hands over to you, waits for this confirmation.`,
    `The link works once and for ${d.hours} hours. If you did not ask for it, you can ignore this e-mail.`,
  ],
  action: { label: "Confirm this address", path: `${paths.confirmEmail}#token=${d.token}` },
});
