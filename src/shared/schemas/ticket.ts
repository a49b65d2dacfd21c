import { z } from "zod";
import { AttachmentSchema } from "./attachment.ts";
import { PublicUserSchema, ROLES } from "./auth.ts";
import { idSchema, isoDateTime } from "./ids.ts";
import { PolicySchema } from "./policy.ts";
import { COVERED_ITEM_KEYS, OTHER_ITEM, TicketPolicyItemSchema } from "./policy-items.ts";
import { RatingSchema } from "./rating.ts";
import { SlaViewSchema } from "./sla.ts";
import { VisitSchema } from "./visit.ts";

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TicketCreateSchema = z.object({
  purchaseId: idSchema("Please select a property policy"),
  subject: z.string().trim().min(5, "Subject must be at least 5 characters.").max(200),
  description: z.string().trim().min(10, "Description must be at least 10 characters.").max(5000),
  priority: z.enum(TICKET_PRIORITIES, "Please select a priority level").default("medium"),
  /**
   * What failed, when the customer says (the form offers it; the spec's four fields stay as
   * they were): one of the policy's items, or a kind of covered item from the
   * plan, or "other". With `policyItemId` the item's own type is the covered item, whatever
   * `coveredItem` says; whether the plan covers it is always decided by the server.
   */
  policyItemId: idSchema("Please choose one of this policy's items").optional(),
  coveredItem: z.enum([...COVERED_ITEM_KEYS, OTHER_ITEM], "Please choose what the claim is about").optional(),
});
export type TicketCreate = z.infer<typeof TicketCreateSchema>;
export type TicketCreateForm = z.input<typeof TicketCreateSchema>;

export const TicketAdminUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, "Status must be one of open, in_progress, resolved, closed").optional(),
    priority: z.enum(TICKET_PRIORITIES, "Please select a priority level").optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined, "Nothing to update");

export const TicketMessageSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Message cannot be empty")
    .max(5000, "Message must be at most 5000 characters"),
});

export const StaffMessageSchema = TicketMessageSchema.extend({
  /** internal notes are visible to staff only */
  internal: z.boolean().default(false),
});

export const TicketSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  subject: z.string(),
  description: z.string(),
  purchaseId: z.number().int(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  assigneeId: z.number().int().nullable(),
  /** when the running service-level target falls due (business hours); null when none runs */
  dueAt: isoDateTime.nullable(),
  /** a COVERED_ITEMS key or "other"; null when the claim named none */
  coveredItem: z.string().nullable(),
  /** the policy item the claim is about */
  policyItemId: z.number().int().nullable(),
  /** false: the policy's plan does not cover `coveredItem` (staff see 'Not in plan'); null: nothing to judge */
  coveredByPlan: z.boolean().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Ticket = z.infer<typeof TicketSchema>;

/** GET /api/tickets answers these: the ticket with its policy's number and plan */
export const TicketListItemSchema = TicketSchema.extend({ policyNumber: z.string(), planName: z.string() });
export type TicketListItem = z.infer<typeof TicketListItemSchema>;

const TicketHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(TICKET_STATUSES).nullable(),
  toStatus: z.enum(TICKET_STATUSES),
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: isoDateTime,
});
export type TicketHistoryEntry = z.infer<typeof TicketHistoryEntrySchema>;

export const TicketMessageRecordSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** only ever true in staff answers */
  internal: z.boolean(),
  author: z.object({ id: z.number().int(), name: z.string(), role: z.enum(ROLES) }),
  createdAt: isoDateTime,
});
export type TicketMessage = z.infer<typeof TicketMessageRecordSchema>;

export const TicketDetailSchema = z.object({
  ticket: TicketSchema,
  purchase: PolicySchema,
  planName: z.string(),
  history: z.array(TicketHistoryEntrySchema),
  messages: z.array(TicketMessageRecordSchema),
  /** photos and PDFs on the ticket and its messages, oldest first (staff also see those on internal notes) */
  attachments: z.array(AttachmentSchema),
  /** technician visits, oldest first, each with its steps (proposed, confirmed, another time asked, outcome) */
  visits: z.array(VisitSchema),
  /** the policy item the claim names, as it is now; null when none (or it was since removed) */
  policyItem: TicketPolicyItemSchema.nullable(),
  /** the customer's rating of the latest resolution; null until given (and again after a reopen and resolve) */
  rating: RatingSchema.nullable(),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

/** GET /api/admin/tickets answers these */
export const AdminTicketListItemSchema = z.object({
  ticket: TicketSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  policyNumber: z.string(),
  planName: z.string(),
  assigneeName: z.string().nullable(),
  sla: SlaViewSchema,
});
export type AdminTicketListItem = z.infer<typeof AdminTicketListItemSchema>;

export const AdminTicketDetailSchema = TicketDetailSchema.extend({
  customer: PublicUserSchema,
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sla: SlaViewSchema,
});
export type AdminTicketDetail = z.infer<typeof AdminTicketDetailSchema>;
