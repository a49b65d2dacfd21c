/**
 * Shapes of the API answers, shared by the server that builds them and the pages that
 * read them. Dates travel as ISO strings; policy dates as YYYY-MM-DD.
 */
import type { PublicUser } from "./schemas/auth.ts";
import type { InquiryStatus } from "./schemas/inquiry.ts";
import type { PurchaseStatus } from "./schemas/purchase.ts";
import type { TicketPriority, TicketStatus } from "./schemas/ticket.ts";

export type { PublicUser };

export interface Feature {
  id: number;
  name: string;
  included: boolean;
}

export interface Plan {
  id: number;
  name: string;
  description: string;
  /** whole rupees; B2B 0 = custom pricing */
  price: number;
  duration: number | null;
  type: "B2B" | "B2C";
  isPopular: boolean;
}

/** GET /api/plans/B2C answers these */
export interface PlanWithFeatures {
  plan: Plan;
  features: Feature[];
}

/** GET /api/plans/B2B answers flat plans (features alongside) */
export type B2BPlan = Plan & { features: Feature[] };

export interface Coverage {
  id: number;
  icon: string;
  title: string;
  description: string;
}

export interface Testimonial {
  id: number;
  rating: number;
  comment: string;
  name: string;
  company: string | null;
  location: string;
}

export interface Faq {
  id: number;
  question: string;
  answer: string;
}

/** list items carry a plain-text excerpt instead of the body, to keep pages light */
export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  summary: string;
  excerpt: string;
  category: string;
  coverImage: string;
  author: string;
  publishedAt: string;
}

export interface BlogPost extends Omit<BlogPostSummary, "excerpt"> {
  content: string;
}

export interface CitySummary {
  id: number;
  name: string;
  slug: string;
  state: string;
  tier: string;
}

export interface City extends CitySummary {
  content: string;
}

export interface LocalitySummary {
  id: number;
  name: string;
  slug: string;
  pincode: string;
  cityId: number;
}

export interface Locality extends LocalitySummary {
  content: string;
  city: CitySummary;
}

export interface Purchase {
  id: number;
  userId: number;
  planId: number;
  policyNumber: string;
  propertyAddress: string;
  propertyCity: string;
  propertyState: string;
  propertyPincode: string | null;
  startDate: string;
  endDate: string;
  /** paise */
  totalAmount: number;
  status: PurchaseStatus;
  cancelReason: string | null;
  createdAt: string;
}

/** GET /api/purchases answers these */
export interface PurchaseListItem {
  purchase: Purchase;
  planName: string;
}

export interface PurchaseDetail extends PurchaseListItem {
  plan: Plan;
  features: Feature[];
}

export interface Ticket {
  id: number;
  userId: number;
  subject: string;
  description: string;
  purchaseId: number;
  priority: TicketPriority;
  status: TicketStatus;
  assigneeId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketListItem extends Ticket {
  policyNumber: string;
  planName: string;
}

export interface TicketHistoryEntry {
  id: number;
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus;
  changedBy: string | null;
  note: string | null;
  createdAt: string;
}

export interface TicketMessage {
  id: number;
  body: string;
  /** only ever true in admin answers */
  internal: boolean;
  author: { id: number; name: string; role: "customer" | "admin" };
  createdAt: string;
}

export interface TicketDetail {
  ticket: Ticket;
  purchase: Purchase;
  planName: string;
  history: TicketHistoryEntry[];
  messages: TicketMessage[];
}

/** GET /api/admin/tickets answers these */
export interface AdminTicketListItem {
  ticket: Ticket;
  firstName: string;
  lastName: string;
  email: string;
  policyNumber: string;
  planName: string;
  assigneeName: string | null;
}

export interface AdminTicketDetail extends TicketDetail {
  customer: PublicUser;
  assignee: { id: number; name: string } | null;
}

export interface AdminPurchaseListItem extends PurchaseListItem {
  customer: { id: number; firstName: string; lastName: string; email: string };
}

export interface AdminCustomer extends PublicUser {
  policyCount: number;
  openTicketCount: number;
}

export interface InquiryRecord {
  id: number;
  name: string;
  email: string;
  phone: string;
  interest: string;
  message: string;
  source: string | null;
  status: InquiryStatus;
  createdAt: string;
  updatedAt: string;
}
