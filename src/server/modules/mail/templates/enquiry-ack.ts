import { paths } from "../../../../shared/paths.ts";
import { callBackPromise } from "./common.ts";
import type { Content, TemplateData } from "./types.ts";

export const enquiryAck = (d: TemplateData["enquiry_ack"]): Content => ({
  subject: "We received your message",
  heading: "Thank you for getting in touch",
  paragraphs: [`Hello ${d.name}, thank you for your message about ${d.interest}.`, callBackPromise()],
  action: { label: "Read our FAQs", path: paths.faqs },
});
