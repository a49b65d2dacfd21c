import { z } from "zod";

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TicketCreateSchema = z.object({
  purchaseId: z.coerce
    .number("Please select a property policy")
    .int("Please select a property policy")
    .positive("Please select a property policy")
    .max(2_147_483_647, "Please select a property policy"),
  subject: z.string().trim().min(5, "Subject must be at least 5 characters.").max(200),
  description: z.string().trim().min(10, "Description must be at least 10 characters.").max(5000),
  priority: z.enum(TICKET_PRIORITIES, "Please select a priority level").default("medium"),
});
export type TicketCreate = z.infer<typeof TicketCreateSchema>;
export type TicketCreateForm = z.input<typeof TicketCreateSchema>;

export const TicketStatusUpdateSchema = z.object({
  status: z.enum(TICKET_STATUSES, "Status must be one of open, in_progress, resolved, closed"),
});

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
