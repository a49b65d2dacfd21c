import type {
  PublicUser,
  PurchaseDetail,
  PurchaseListItem,
  Ticket,
  TicketDetail,
  TicketListItem,
  TicketMessage,
} from "@shared/api-types.ts";
import type { Profile } from "@shared/schemas/auth.ts";
import type { TicketCreate } from "@shared/schemas/ticket.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api.ts";
import { USER_QUERY_KEY } from "@web/lib/use-user.ts";

/** Query keys are the API paths (see lib/query-client.ts), so the default fetcher reads them. */
export const purchasesQuery = () => queryOptions<PurchaseListItem[]>({ queryKey: ["/api/purchases"] });
export const purchaseQuery = (id: number) =>
  queryOptions<PurchaseDetail>({ queryKey: [`/api/purchases/${id}`] });
export const ticketsQuery = () => queryOptions<TicketListItem[]>({ queryKey: ["/api/tickets"] });
export const ticketQuery = (id: number) => queryOptions<TicketDetail>({ queryKey: [`/api/tickets/${id}`] });

/** Positive integer ids only; anything else is a page that cannot exist. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : null;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Profile) =>
      (await apiRequest("PATCH", "/api/user", values)).json() as Promise<PublicUser>,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TicketCreate) =>
      (await apiRequest("POST", "/api/tickets", values)).json() as Promise<Ticket>,
    // spec §7: the ticket list is refreshed after a ticket is raised
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQuery().queryKey }),
  });
}

export function usePostTicketMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await apiRequest("POST", `/api/tickets/${ticketId}/messages`, { body })
      ).json() as Promise<TicketMessage>,
    onSuccess: (message) => {
      queryClient.setQueryData(ticketQuery(ticketId).queryKey, (old) =>
        old ? { ...old, messages: [...old.messages, message] } : old,
      );
      // the list shows "last updated"
      void queryClient.invalidateQueries({ queryKey: ticketsQuery().queryKey });
    },
  });
}

/**
 * The HTTP status of a failed read: from an Error thrown in the browser, or from the plain
 * `{ message }` a server-side failure becomes after hydration ("404: ..." either way).
 */
export function failedStatus(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : (error as { message?: unknown } | null)?.message;
  const match = typeof message === "string" ? /^(\d{3}): /.exec(message) : null;
  return match ? Number(match[1]) : undefined;
}
