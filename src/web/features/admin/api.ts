import type { EnquiryStatus } from "@shared/schemas/enquiry.ts";
import type { TicketPriority, TicketStatus } from "@shared/schemas/ticket.ts";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiPageQuery, apiPath, apiQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { POLICY_READS, refreshReads, TICKET_READS } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";

export type { AdminCustomerDetail } from "@shared/endpoints/customers.ts";

/**
 * The admin console's reads and writes. Each write refreshes the reads that may show what it
 * changed (lib/refresh.ts).
 */

/**
 * A staff list's query as the address bar holds it: every value a string, "" for none.
 * Each screen builds it in one place, in one order, so one view is one cache key.
 */
type ListQuery = Record<string, string>;

/** the enquiry list as a CSV download, with the filters, sort and search on screen */
export const enquiriesCsvHref = (query: ListQuery = {}) => apiPath("GET /api/admin/inquiries.csv", { query });

// a ticket change shows wherever tickets do, in the /admin counts, and in a customer's open-ticket count
const afterTicketChange = (qc: QueryClient) =>
  refreshReads(
    qc,
    ...TICKET_READS,
    "GET /api/admin/stats",
    "GET /api/admin/customers",
    "GET /api/admin/customers/:id",
  );
const afterPolicyChange = (qc: QueryClient) => refreshReads(qc, ...POLICY_READS);

// ---- reads ----

// Each list reads one page, and keeps its rows on screen while the next one loads.

export const useAdminTickets = (query: ListQuery) =>
  usePagedQuery(apiPageQuery("GET /api/admin/tickets", { query }));

export const useAdminTicket = (id: number) =>
  useQuery(apiQuery("GET /api/admin/tickets/:id", { params: { id } }));

export const useAdminPolicies = (query: ListQuery) =>
  usePagedQuery(apiPageQuery("GET /api/admin/purchases", { query }));

export const useAdminCustomers = (query: ListQuery) =>
  usePagedQuery(apiPageQuery("GET /api/admin/customers", { query }));

export const useAdminCustomer = (id: number) =>
  useQuery(apiQuery("GET /api/admin/customers/:id", { params: { id } }));

export const useAdminEnquiries = (query: ListQuery) =>
  usePagedQuery(apiPageQuery("GET /api/admin/inquiries", { query }));

/** the /admin counts, and the new-enquiry badge on every staff screen */
/** the /admin counts; not asked for a technician, whose console has no dashboard */
export const useStaffStats = (enabled = true) => useQuery({ ...apiQuery("GET /api/admin/stats"), enabled });

/** the staff members, for the assignee filter and "Assign to…" */
export const useStaffMembers = (enabled = true) => useQuery({ ...apiQuery("GET /api/admin/staff"), enabled });

/** the 39 cities, for the city filters */

// ---- ticket writes (the toasts are the product's own words) ----

export function useAssignTicket() {
  const qc = useQueryClient();
  return useMutation({
    // without a staff member it is the spec's 'Assign to Me': an empty body, the caller
    mutationFn: async ({ id, assigneeId }: { id: number; assigneeId?: number }) =>
      apiCall("PATCH /api/admin/tickets/:id/assign", {
        params: { id },
        body: assigneeId === undefined ? undefined : { assigneeId },
      }),
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
    mutationFn: ({ id, ...body }: { id: number; status?: TicketStatus; priority?: TicketPriority }) =>
      apiCall("PATCH /api/admin/tickets/:id", { params: { id }, body }),
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
    mutationFn: (body: { body: string; internal: boolean }) =>
      apiCall("POST /api/admin/tickets/:id/messages", { params: { id: ticketId }, body }),
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
    mutationFn: (body: ApiBody<"POST /api/admin/purchases">) =>
      apiCall("POST /api/admin/purchases", { body }),
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
    mutationFn: (id: number) => apiCall("POST /api/admin/purchases/:id/activate", { params: { id } }),
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
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiCall("POST /api/admin/purchases/:id/cancel", { params: { id }, body: { reason } }),
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

export function useUpdateEnquiry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) =>
      apiCall("PATCH /api/admin/inquiries/:id", { params: { id }, body: { status } }),
    onSuccess: () => {
      toast({ title: "Enquiry updated" });
      return refreshReads(qc, "GET /api/admin/inquiries", "GET /api/admin/stats");
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
