import type { PublicUser } from "@shared/api-types.ts";
import type { Login, Register } from "@shared/schemas/auth.ts";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api.ts";
import { USER_QUERY_KEY } from "@web/lib/use-user.ts";

/** Forget every signed-in answer (someone else's policies must never flash up). */
export function dropAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (q) => /^\/api\/(purchases|tickets|admin)/.test(String(q.queryKey[0])),
  });
}

function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    dropAccountData(queryClient);
    queryClient.setQueryData(USER_QUERY_KEY, user);
  };
}

export function useLogin() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (values: Login) =>
      (await apiRequest("POST", "/api/login", values)).json() as Promise<PublicUser>,
    onSuccess: storeUser,
  });
}

/** Spec §5: confirmPassword never leaves the browser and the role is always customer. */
export function useRegister() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (values: Omit<Register, "role">) =>
      (
        await apiRequest("POST", "/api/register", { ...values, role: "customer" })
      ).json() as Promise<PublicUser>,
    onSuccess: storeUser,
  });
}

export const displayName = (user: Pick<PublicUser, "firstName" | "username">) =>
  user.firstName || user.username;
