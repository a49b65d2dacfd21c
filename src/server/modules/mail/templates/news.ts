import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const news = (d: TemplateData["news"]): Content => ({
  subject: d.subject,
  heading: d.subject,
  // staff write plain text: a blank line starts a paragraph, a single line break is kept as a space
  paragraphs: [
    `Hello ${d.name},`,
    ...d.text
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
      .filter(Boolean),
  ],
  action: { label: "Visit our website", path: paths.home },
});
