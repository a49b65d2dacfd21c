import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiQuery } from "@web/lib/api.ts";
import { USER_QUERY_KEY } from "@web/lib/use-user.ts";

/** The customer's own policies (the spec's API calls them purchases). */
export const policiesQuery = () => apiQuery("GET /api/purchases");
export const policyQuery = (id: number) => apiQuery("GET /api/purchases/:id", { params: { id } });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"PATCH /api/user">) => apiCall("PATCH /api/user", { body }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}

/** Change password: the session it is sent with goes on; the user's others end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/user/password">) => apiCall("POST /api/user/password", { body }),
  });
}

/** Homes partners registered for the signed-in person's proved address, waiting for them to accept */
export const handoverInvitationsQuery = () => apiQuery("GET /api/handovers");

export function useAcceptHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall("POST /api/handovers/:id/accept", { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: handoverInvitationsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: policiesQuery().queryKey }),
      ]),
  });
}

/** A new link to prove the current address */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => apiCall("POST /api/user/email/resend") });
}

/** A change of address: the new one works once the link sent to it is followed */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/user/email">) => apiCall("POST /api/user/email", { body }),
  });
}
