export type { AdminCustomer, PublicUser } from "./schemas/auth.ts";
export type {
  B2BPlan,
  BlogPost,
  BlogPostSummary,
  City,
  CitySummary,
  Coverage,
  Faq,
  Feature,
  Locality,
  LocalitySummary,
  Plan,
  PlanWithFeatures,
  Testimonial,
} from "./schemas/content.ts";
export type { InquiryRecord } from "./schemas/inquiry.ts";
export type {
  AdminPurchaseListItem,
  Purchase,
  PurchaseDetail,
  PurchaseListItem,
} from "./schemas/purchase.ts";
export type {
  AdminTicketDetail,
  AdminTicketListItem,
  Ticket,
  TicketDetail,
  TicketHistoryEntry,
  TicketListItem,
  TicketMessage,
} from "./schemas/ticket.ts";
