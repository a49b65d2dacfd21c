import { paths } from "../../../../shared/paths.ts";
import { COMPANY } from "../../../../web/lib/company.ts";
import type { Content, TemplateData } from "./types.ts";

export const welcome = (d: TemplateData["welcome"]): Content => ({
  subject: `Welcome to ${COMPANY.name}`,
  heading: "Welcome aboard",
  paragraphs: [
    `Hello ${d.name}, your account (username ${d.username}) is ready.`,
    "From your dashboard you can see your policies, raise a support ticket and follow its progress.",
  ],
  action: { label: "Open your dashboard", path: paths.dashboard },
});
