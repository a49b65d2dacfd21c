import { formatDate, formatPaise } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

/** Each step of a renewal, told to its holder */
function renewalContent(d: TemplateData["renewal"]): Content {
  const details: [string, string][] = [
    ["Policy", d.policyNumber],
    ["Plan", d.planName],
    ["Amount", formatPaise(d.amount)],
  ];
  if (d.step === "activated" && d.newPurchaseId && d.newStartDate && d.newEndDate) {
    return {
      subject: `Your renewal is active: ${d.newPolicyNumber}`,
      heading: "Your renewed cover is active",
      paragraphs: [
        `Hello ${d.name}, thank you for your payment. Your ${d.planName} cover continues as policy ${d.newPolicyNumber}, from ${formatDate(d.newStartDate)} to ${formatDate(d.newEndDate)}. Its tax invoice is on the policy page.`,
      ],
      details: [...details, ["New policy", d.newPolicyNumber ?? ""]],
      action: { label: "View your renewed policy", path: paths.purchase(d.newPurchaseId) },
    };
  }
  if (d.step === "inspected") {
    const passed = d.inspectionResult === "passed";
    return {
      subject: passed ? `Inspection passed: ${d.policyNumber}` : `Inspection result: ${d.policyNumber}`,
      heading: passed ? "Your home passed its inspection" : "Your home did not pass its inspection",
      paragraphs: passed
        ? [
            `Hello ${d.name}, the inspection visit went well. Once we receive your payment, we activate your renewal.`,
          ]
        : [
            `Hello ${d.name}, at the inspection visit we found items that need repair before the cover can be renewed.`,
            "Once they are repaired, you can ask for a renewal again from the policy page.",
          ],
      ...(d.inspectionNote ? { quote: d.inspectionNote } : {}),
      details,
      action: { label: "View your renewal", path: paths.renewPurchase(d.purchaseId) },
    };
  }
  return {
    subject: `We received your renewal request: ${d.policyNumber}`,
    heading: "We received your renewal request",
    paragraphs: [
      `Hello ${d.name}, thank you for renewing policy ${d.policyNumber} on the ${d.planName} plan.`,
      d.status === "inspection_required"
        ? "As the cover has lapsed, an inspection visit comes first: we will call you to book it."
        : "We will call you to take the payment, and your renewed cover is activated as soon as it is received.",
    ],
    details,
    action: { label: "View your renewal", path: paths.renewPurchase(d.purchaseId) },
  };
}

export const renewal = (d: TemplateData["renewal"]): Content => renewalContent(d);
