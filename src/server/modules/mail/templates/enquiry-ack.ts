import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

/**
 * When a caller can expect to hear from us, from the business hours: Monday to Friday
 * 9:00–18:00, Saturday 9:00–16:00, closed on Sunday (India time).
 */
const CALL_BACK =
  "Our team will call you within one working day. We're available Monday to Friday, 9:00 AM to 6:00 PM, and Saturday, 9:00 AM to 4:00 PM (closed on Sundays and public holidays).";

export const enquiryAck = (d: TemplateData["enquiry_ack"]): Content => ({
  subject: "We received your message",
  heading: "Thank you for getting in touch",
  paragraphs: [`Hello ${d.name}, thank you for your message about ${d.interest}.`, CALL_BACK],
  action: { label: "Read our FAQs", path: paths.faqs },
});
