import type { FreeSlotQuery, TechnicianCreate, VisitSlot } from "@shared/schemas/visit.ts";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, apiPageQuery, apiQuery } from "@web/lib/api.ts";
import { refreshReads, TICKET_READS } from "@web/lib/refresh.ts";

/**
 * Visits and technicians in the browser. Every visit step changes the ticket's page (its
 * visits, its conversation for an outcome), so each write refreshes the ticket reads.
 */
const refreshTickets = (qc: QueryClient) =>
  refreshReads(qc, ...TICKET_READS, "GET /api/admin/technicians/:id/free-slots");

/** a staff member's free visit slots: read when the form asks, never kept once stale */
export const useFreeSlots = (technicianId: number, query: FreeSlotQuery, enabled: boolean) =>
  useQuery({
    ...apiQuery("GET /api/admin/technicians/:id/free-slots", {
      params: { id: technicianId },
      query: {
        from: query.from,
        minutes: String(query.minutes),
        ...(query.visitId ? { visitId: String(query.visitId) } : {}),
      },
    }),
    enabled,
    // another desk may have booked a slot since: ask again each time the form shows a day
    staleTime: 0,
  });

export function useProposeVisit(ticketId: number, visitId?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slot: VisitSlot) =>
      visitId
        ? apiCall("PUT /api/admin/tickets/:id/visits/:visitId", {
            params: { id: ticketId, visitId },
            body: slot,
          })
        : apiCall("POST /api/admin/tickets/:id/visits", { params: { id: ticketId }, body: slot }),
    onSuccess: () => refreshTickets(qc),
  });
}

export function useRecordOutcome(ticketId: number, visitId: number) {
  const qc = useQueryClient();
  return useMutation({
    // the notes become a reply on the ticket; the photos are uploaded to that reply before
    // the ticket is read again, so they show with the outcome
    mutationFn: async ({
      upload,
      ...body
    }: {
      outcome: "fixed" | "part_ordered" | "not_covered" | "revisit";
      notes: string;
      upload: (messageId: number) => Promise<number>;
    }) => {
      const visit = await apiCall("POST /api/admin/tickets/:id/visits/:visitId/outcome", {
        params: { id: ticketId, visitId },
        body,
      });
      const failed = visit.outcomeMessageId ? await upload(visit.outcomeMessageId) : 0;
      return { visit, failed };
    },
    onSettled: () => refreshTickets(qc),
  });
}

export function useAnswerVisit(ticketId: number, visitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: { action: "confirm" } | { action: "change"; note: string }) =>
      answer.action === "confirm"
        ? apiCall("POST /api/tickets/:id/visits/:visitId/confirm", { params: { id: ticketId, visitId } })
        : apiCall("POST /api/tickets/:id/visits/:visitId/change", {
            params: { id: ticketId, visitId },
            body: { note: answer.note },
          }),
    onSuccess: () => refreshTickets(qc),
  });
}

export const visitLinkQuery = (token: string) => apiQuery("GET /api/visits/answer", { query: { token } });

export function useAnswerVisitLink(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: { action: "confirm" } | { action: "change"; note: string }) =>
      apiCall("POST /api/visits/answer", { body: { token, ...answer } }),
    onSuccess: (answer) => qc.setQueryData(visitLinkQuery(token).queryKey, answer),
  });
}

export const useTechnicians = (query: Record<string, string>) =>
  useQuery(apiPageQuery("GET /api/admin/technicians", { query }));

// the technicians' list, and the staff list that "Assign to…" offers
const refreshTechnicians = (qc: QueryClient) =>
  refreshReads(qc, "GET /api/admin/technicians", "GET /api/admin/staff");

export function useCreateTechnician() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TechnicianCreate) => apiCall("POST /api/admin/technicians", { body }),
    onSuccess: () => refreshTechnicians(qc),
  });
}

export function useDeactivateTechnician() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall("POST /api/admin/technicians/:id/deactivate", { params: { id } }),
    onSuccess: () => refreshTechnicians(qc),
  });
}
