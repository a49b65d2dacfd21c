import { attachmentEndpoints } from "./attachments.ts";
import { authEndpoints } from "./auth.ts";
import { cannedReplyEndpoints } from "./canned-replies.ts";
import { certificateEndpoints } from "./certificates.ts";
import { contentEndpoints } from "./content.ts";
import { customerEndpoints } from "./customers.ts";
import { enquiryEndpoints } from "./enquiries.ts";
import { invoiceEndpoints } from "./invoices.ts";
import { newsEndpoints } from "./news.ts";
import { orderEndpoints } from "./orders.ts";
import { outboxEndpoints } from "./outbox.ts";
import { partnerEndpoints } from "./partners.ts";
import { policyEndpoints } from "./policies.ts";
import { policyItemEndpoints } from "./policy-items.ts";
import { privacyEndpoints } from "./privacy.ts";
import { ratingEndpoints } from "./ratings.ts";
import { renewalEndpoints } from "./renewals.ts";
import { securityEndpoints } from "./security.ts";
import { slaEndpoints } from "./sla.ts";
import { ticketEndpoints } from "./tickets.ts";
import { transferEndpoints } from "./transfers.ts";
import { twoFactorEndpoints } from "./two-factor.ts";
import { visitEndpoints } from "./visits.ts";

/**
 * Every API endpoint, keyed "METHOD /path". The server registers exactly these (and no
 * other /api route starts), the browser calls them by key, and the authorization matrix
 * test walks them all.
 */
export const endpoints = {
  ...authEndpoints,
  ...contentEndpoints,
  ...enquiryEndpoints,
  ...policyEndpoints,
  ...transferEndpoints,
  ...certificateEndpoints,
  ...invoiceEndpoints,
  ...ticketEndpoints,
  ...customerEndpoints,
  ...renewalEndpoints,
  ...orderEndpoints,
  ...securityEndpoints,
  ...attachmentEndpoints,
  ...policyItemEndpoints,
  ...outboxEndpoints,
  ...privacyEndpoints,
  ...ratingEndpoints,
  ...newsEndpoints,
  ...twoFactorEndpoints,
  ...cannedReplyEndpoints,
  ...slaEndpoints,
  ...visitEndpoints,
  ...partnerEndpoints,
};
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
