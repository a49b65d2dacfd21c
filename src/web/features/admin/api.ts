import type {
  AdminCustomer,
  AdminPurchaseListItem,
  AdminTicketDetail,
  AdminTicketListItem,
  InquiryRecord,
  PlanWithFeatures,
  Purchase,
  PurchaseListItem,
  Ticket,
  TicketListItem,
  TicketMessage,
} from "@shared/api-types.ts";
import type { InquiryStatus } from "@shared/schemas/inquiry.ts";
import type { PurchaseIssue } from "@shared/schemas/purchase.ts";
import type { TicketPriority, TicketStatus } from "@shared/schemas/ticket.ts";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest, errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";

/**
 * The admin console's reads and writes. Query keys are API paths (see query-client.ts), so
 * a write invalidates by path prefix: every list and detail that may show what changed.
 */

/** `/api/x?status=open` with empty filters left out, in a stable order so keys match. */
export function apiPath(path: string, params: Record<string, string | undefined> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

export interface TicketFilter {
  status?: string;
  priority?: string;
  q?: string;
}
export interface PolicyFilter {
  status?: string;
  userId?: string;
}
export interface InquiryFilter {
  status?: string;
  interest?: string;
}

export const adminKeys = {
  tickets: (f: TicketFilter = {}) =>
    apiPath("/api/admin/tickets", { status: f.status, priority: f.priority, q: f.q }),
  ticket: (id: number | string) => `/api/admin/tickets/${id}`,
  purchases: (f: PolicyFilter = {}) =>
    apiPath("/api/admin/purchases", { status: f.status, userId: f.userId }),
  customers: () => "/api/admin/customers",
  customer: (id: number | string) => `/api/admin/customers/${id}`,
  inquiries: (f: InquiryFilter = {}) =>
    apiPath("/api/admin/inquiries", { status: f.status, interest: f.interest }),
  inquiriesCsv: (f: InquiryFilter = {}) =>
    apiPath("/api/admin/inquiries.csv", { status: f.status, interest: f.interest }),
  b2cPlans: () => "/api/plans/B2C",
};

function invalidate(queryClient: QueryClient, ...prefixes: string[]) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = String(q.queryKey[0]);
      return prefixes.some((p) => key === p || key.startsWith(`${p}/`) || key.startsWith(`${p}?`));
    },
  });
}

// a ticket change shows in ticket lists and details, and in a customer's open-ticket count
const afterTicketChange = (qc: QueryClient) =>
  invalidate(qc, "/api/admin/tickets", "/api/admin/customers", "/api/tickets");
// a policy change shows in policy lists, customer pages and ticket details (their policy)
const afterPolicyChange = (qc: QueryClient) =>
  invalidate(qc, "/api/admin/purchases", "/api/admin/customers", "/api/admin/tickets", "/api/purchases");

// ---- reads ----

export const useAdminTickets = (filter: TicketFilter = {}) =>
  useQuery<AdminTicketListItem[]>({
    queryKey: [adminKeys.tickets(filter)],
    placeholderData: keepPreviousData,
  });

export const useAdminTicket = (id: number | string) =>
  useQuery<AdminTicketDetail>({ queryKey: [adminKeys.ticket(id)] });

export const useAdminPurchases = (filter: PolicyFilter = {}) =>
  useQuery<AdminPurchaseListItem[]>({
    queryKey: [adminKeys.purchases(filter)],
    placeholderData: keepPreviousData,
  });

export const useAdminCustomers = (enabled = true) =>
  useQuery<AdminCustomer[]>({ queryKey: [adminKeys.customers()], enabled });

export interface AdminCustomerDetail {
  customer: AdminCustomer;
  purchases: PurchaseListItem[];
  tickets: TicketListItem[];
}
export const useAdminCustomer = (id: number | string) =>
  useQuery<AdminCustomerDetail>({ queryKey: [adminKeys.customer(id)] });

export const useAdminInquiries = (filter: InquiryFilter = {}) =>
  useQuery<InquiryRecord[]>({ queryKey: [adminKeys.inquiries(filter)], placeholderData: keepPreviousData });

export const useB2CPlans = (enabled = true) =>
  useQuery<PlanWithFeatures[]>({ queryKey: [adminKeys.b2cPlans()], enabled });

// ---- ticket writes (toasts word for word from spec §8) ----

export function useAssignTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest("PATCH", `/api/admin/tickets/${id}/assign`)).json() as Promise<Ticket>,
    onSuccess: () => {
      toast({ title: "Ticket assigned" });
      return afterTicketChange(qc);
    },
    onError: (error) => {
      toast({
        title: "Assignment failed",
        description: errorMessage(error, "Failed to assign ticket"),
        variant: "destructive",
      });
    },
  });
}

export function useUpdateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...change }: { id: number; status?: TicketStatus; priority?: TicketPriority }) =>
      (await apiRequest("PATCH", `/api/admin/tickets/${id}`, change)).json() as Promise<Ticket>,
    onSuccess: () => {
      toast({ title: "Ticket updated" });
      return afterTicketChange(qc);
    },
    onError: (error, change) => {
      toast({
        title: "Update failed",
        description: errorMessage(
          error,
          change.status ? "Failed to update ticket status" : "Failed to update ticket priority",
        ),
        variant: "destructive",
      });
    },
  });
}

export function useStaffMessage(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: string; internal: boolean }) =>
      (
        await apiRequest("POST", `/api/admin/tickets/${ticketId}/messages`, input)
      ).json() as Promise<TicketMessage>,
    onSuccess: (_m, input) => {
      toast({ title: input.internal ? "Internal note added" : "Reply sent" });
      return afterTicketChange(qc);
    },
    onError: (error, input) => {
      toast({
        title: input.internal ? "Note not saved" : "Reply not sent",
        description: errorMessage(error, "Please try again"),
        variant: "destructive",
      });
    },
  });
}

// ---- policy writes ----

export function useIssuePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: PurchaseIssue) =>
      (await apiRequest("POST", "/api/admin/purchases", input)).json() as Promise<Purchase>,
    onSuccess: (purchase) => {
      toast({ title: "Policy issued", description: `Policy ${purchase.policyNumber} has been created.` });
      return afterPolicyChange(qc);
    },
    onError: (error) => {
      toast({
        title: "Could not issue policy",
        description: errorMessage(error, "Failed to issue policy"),
        variant: "destructive",
      });
    },
  });
}

export function useActivatePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest("POST", `/api/admin/purchases/${id}/activate`)).json() as Promise<Purchase>,
    onSuccess: (purchase) => {
      toast({ title: "Policy activated", description: `${purchase.policyNumber} is now active.` });
      return afterPolicyChange(qc);
    },
    onError: (error) => {
      toast({
        title: "Activation failed",
        description: errorMessage(error, "Failed to activate policy"),
        variant: "destructive",
      });
    },
  });
}

export function useCancelPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      (await apiRequest("POST", `/api/admin/purchases/${id}/cancel`, { reason })).json() as Promise<Purchase>,
    onSuccess: (purchase) => {
      toast({ title: "Policy cancelled", description: `${purchase.policyNumber} has been cancelled.` });
      return afterPolicyChange(qc);
    },
    onError: (error) => {
      toast({
        title: "Cancellation failed",
        description: errorMessage(error, "Failed to cancel policy"),
        variant: "destructive",
      });
    },
  });
}

// ---- enquiry writes ----

export function useUpdateInquiry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: InquiryStatus }) =>
      (await apiRequest("PATCH", `/api/admin/inquiries/${id}`, { status })).json() as Promise<InquiryRecord>,
    onSuccess: () => {
      toast({ title: "Enquiry updated" });
      return invalidate(qc, "/api/admin/inquiries");
    },
    onError: (error) => {
      toast({
        title: "Update failed",
        description: errorMessage(error, "Failed to update enquiry status"),
        variant: "destructive",
      });
    },
  });
}
