import { paths } from "../../../../shared/paths.ts";
import type { Content, TemplateData } from "./types.ts";

export const partnerInvitation = (d: TemplateData["partner_invitation"]): Content => ({
  subject: `You are invited to ${d.partnerName}'s partner account`,
  heading: `Join ${d.partnerName}`,
  paragraphs: [
    `Hello ${d.name}, you have been added to ${d.partnerName}'s partner account with Home Interior Project Warranty Solutions, as ${d.role === "owner" ? "an owner: you register handovers and manage who else can" : "a member: you register the homes your team hands over"}.`,
    d.token
      ? `Open the link below to choose your password. It works once and for ${d.days} days; after that, use "Forgot password" on the sign-in page.`
      : "Sign in with your existing account to start.",
    ...(d.username ? [`Your username is ${d.username}; you can also sign in with this e-mail address.`] : []),
  ],
  action: d.token
    ? { label: "Choose your password", path: `/reset-password#token=${d.token}` }
    : { label: "Sign in", path: paths.auth },
});
