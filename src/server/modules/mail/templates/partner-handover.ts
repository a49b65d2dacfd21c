import { formatDate } from "../../../../shared/format.ts";
import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const partnerHandover = (d: TemplateData["partner_handover"]): Content => {
  const others = d.otherPolicies ?? [];
  // the wording for one home, or for several registered at once
  const oneOr = <T>(one: T, several: T) => (others.length === 0 ? one : several);
  const policy = oneOr("policy", "policies");
  return {
    subject: oneOr(
      `${d.partnerName} registered your home's warranty: ${d.policyNumber}`,
      `${d.partnerName} registered ${others.length + 1} homes' warranties: ${d.policyNumber} and ${others.length} more`,
    ),
    heading: oneOr("Your home's warranty is registered", "Your homes' warranties are registered"),
    paragraphs: [
      `Hello ${d.name}, ${d.partnerName} registered the interiors of your home in ${d.city} for a ${d.planName} warranty, from ${formatDate(d.startDate)} to ${formatDate(d.endDate)}. Claims come to our service team.`,
      ...oneOr(
        [],
        [
          `${d.partnerName} also registered ${others.map((o) => `your home in ${o.city} (${o.planName}, policy ${o.policyNumber})`).join(", ")}.`,
        ],
      ),
      d.pending
        ? oneOr(
            "The policy is pending: we will write to you again when it is active.",
            "The policies are pending: we will write to you again when they are active.",
          )
        : oneOr(
            "The policy is active, and its certificate is on your dashboard.",
            "The policies are active, and their certificates are on your dashboard.",
          ),
      d.token
        ? `Open the link below to choose a password for your account, where the ${policy} ${oneOr("is", "are")} already yours. The link works once and for ${d.days} days; after that, use "Forgot password" on the sign-in page.`
        : d.awaiting
          ? `Sign in to your account and accept the ${policy} on your dashboard: until you do, ${oneOr("it waits", "they wait")} for you there. If you have not confirmed this e-mail address yet, your profile sends you the link to do so first.`
          : `Sign in with your existing account: the ${policy} ${oneOr("is", "are")} already in it.`,
      ...(d.username
        ? [`Your username is ${d.username}; you can also sign in with this e-mail address.`]
        : []),
      // the homeowner gave these details to the partner, not to us: this is where they first
      // learn who holds them, what for, and their rights over them
      `${d.partnerName} gave us your name, e-mail address, phone number and ${oneOr("your home's address so that we can hold and service this warranty", "your homes' addresses so that we can hold and service these warranties")}, and we use them only for that. Our Privacy Notice says how long we keep them and how to see, correct or erase them.`,
    ],
    details: [
      ["Policy number", d.policyNumber],
      ["Plan", d.planName],
      ["Cover", `${formatDate(d.startDate)} to ${formatDate(d.endDate)}`],
      ...others.map((o): [string, string] => [
        "Also registered",
        `${o.policyNumber} · ${o.planName} · ${o.city}`,
      ]),
    ],
    action: d.token
      ? { label: "Choose your password", path: `/reset-password#token=${d.token}` }
      : d.awaiting
        ? { label: oneOr("Accept your policy", "Accept your policies"), path: paths.dashboard }
        : oneOr(
            { label: "View your policy", path: paths.purchase(d.purchaseId) },
            { label: "View your policies", path: paths.dashboard },
          ),
    secondary: { label: "Read our Privacy Notice", path: paths.privacy },
  };
};
