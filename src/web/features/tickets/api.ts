import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiQuery } from "@web/lib/api.ts";

/** The customer's own tickets. */
const ticketsQuery = () => apiQuery("GET /api/tickets");
export const ticketQuery = (id: number) => apiQuery("GET /api/tickets/:id", { params: { id } });

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/tickets">) => apiCall("POST /api/tickets", { body }),
    // the ticket list is refreshed after a ticket is raised
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQuery().queryKey }),
  });
}

export function usePostTicketMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiCall("POST /api/tickets/:id/messages", { params: { id: ticketId }, body: { body } }),
    onSuccess: (message) => {
      queryClient.setQueryData(ticketQuery(ticketId).queryKey, (old) =>
        // a reply is an update: "Last update" (the ticket's own updatedAt, inside `ticket`) moves with it
        old
          ? {
              ...old,
              ticket: { ...old.ticket, updatedAt: message.createdAt },
              messages: [...old.messages, message],
            }
          : old,
      );
      // the list shows "last updated"
      void queryClient.invalidateQueries({ queryKey: ticketsQuery().queryKey });
    },
  });
}
