import { emailChanged } from "./email-changed.ts";
import { emailConfirm } from "./email-confirm.ts";
import { enquiryAck } from "./enquiry-ack.ts";
import { news } from "./news.ts";
import { order } from "./order.ts";
import { partnerHandover } from "./partner-handover.ts";
import { partnerInvitation } from "./partner-invitation.ts";
import { passwordChanged } from "./password-changed.ts";
import { passwordReset } from "./password-reset.ts";
import { policyActivated } from "./policy-activated.ts";
import { policyIssued } from "./policy-issued.ts";
import { policyReminder } from "./policy-reminder.ts";
import { renewal } from "./renewal.ts";
import { staffCustomerReply } from "./staff-customer-reply.ts";
import { staffNewEnquiry } from "./staff-new-enquiry.ts";
import { staffNewTicket } from "./staff-new-ticket.ts";
import { staffOrderPayment } from "./staff-order-payment.ts";
import { staffRenewalRequested } from "./staff-renewal-requested.ts";
import { staffSlaWarning } from "./staff-sla-warning.ts";
import { staffTicketAssigned } from "./staff-ticket-assigned.ts";
import { staffVisitChangeRequested } from "./staff-visit-change-requested.ts";
import { ticketReceived } from "./ticket-received.ts";
import { ticketReply } from "./ticket-reply.ts";
import { ticketStatus } from "./ticket-status.ts";
import { transferAccepted } from "./transfer-accepted.ts";
import { transferCancelled } from "./transfer-cancelled.ts";
import { transferCompleted } from "./transfer-completed.ts";
import { transferDeclined } from "./transfer-declined.ts";
import { transferInvite } from "./transfer-invite.ts";
import type { Content, TemplateData, TemplateName } from "./types.ts";
import { visitOutcome } from "./visit-outcome.ts";
import { visitProposed } from "./visit-proposed.ts";
import { welcome } from "./welcome.ts";

/** Each e-mail's words by its name: one file per e-mail, laid out and sent by `render.tsx`. */
export const CONTENT: { [K in TemplateName]: (d: TemplateData[K]) => Content } = {
  password_reset: passwordReset,
  email_confirm: emailConfirm,
  email_changed: emailChanged,
  password_changed: passwordChanged,
  welcome: welcome,
  ticket_received: ticketReceived,
  ticket_reply: ticketReply,
  ticket_status: ticketStatus,
  policy_issued: policyIssued,
  policy_activated: policyActivated,
  policy_reminder: policyReminder,
  renewal: renewal,
  staff_renewal_requested: staffRenewalRequested,
  order: order,
  staff_order_payment: staffOrderPayment,
  staff_new_enquiry: staffNewEnquiry,
  staff_new_ticket: staffNewTicket,
  staff_customer_reply: staffCustomerReply,
  staff_ticket_assigned: staffTicketAssigned,
  staff_visit_change_requested: staffVisitChangeRequested,
  staff_sla_warning: staffSlaWarning,
  enquiry_ack: enquiryAck,
  news: news,
  visit_proposed: visitProposed,
  visit_outcome: visitOutcome,
  transfer_invite: transferInvite,
  partner_invitation: partnerInvitation,
  partner_handover: partnerHandover,
  transfer_accepted: transferAccepted,
  transfer_completed: transferCompleted,
  transfer_cancelled: transferCancelled,
  transfer_declined: transferDeclined,
};
