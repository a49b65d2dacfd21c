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
