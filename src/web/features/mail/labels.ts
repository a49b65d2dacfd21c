/** What each e-mail is, in the words staff and customers read */
export const EMAIL_LABELS: Record<string, string> = {
  password_reset: "Password reset link",
  password_changed: "Password changed",
  email_changed: "E-mail address changed",
  welcome: "Welcome",
  ticket_received: "Ticket received",
  ticket_reply: "Reply from our team",
  ticket_status: "Ticket status changed",
  policy_issued: "Policy issued",
  policy_activated: "Policy activated",
  policy_reminder: "Policy ending reminder",
  staff_new_enquiry: "Staff alert: new enquiry",
  staff_new_ticket: "Staff alert: new ticket",
  staff_customer_reply: "Staff alert: customer replied",
  enquiry_ack: "Enquiry acknowledgement",
  news: "News",
};
