import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const staffNewEnquiry = (d: TemplateData["staff_new_enquiry"]): Content => ({
  subject: `New enquiry from ${d.name}`,
  heading: "A new enquiry",
  paragraphs: ["A visitor sent the contact form. Please call them back within one working day."],
  details: [
    ["Name", d.name],
    ["E-mail", d.email],
    ["Phone", d.phone],
    ["Interest", d.interest],
  ],
  quote: d.message,
  action: { label: "Open the enquiries", path: paths.adminEnquiries },
});
