import type { PublicUser } from "@shared/schemas/auth.ts";
import type { TwoFactorChallenge } from "@shared/schemas/two-factor.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall } from "@web/lib/api.ts";
import { setSignedInUser } from "@web/lib/use-user.ts";

function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => setSignedInUser(queryClient, user);
}

/** The sign-in answer of an account with two-factor sign-in on: no session until a code is sent. */
export const isTwoFactorChallenge = (answer: PublicUser | TwoFactorChallenge): answer is TwoFactorChallenge =>
  "twoFactorRequired" in answer && answer.twoFactorRequired === true;

export function useLogin() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/login">) => apiCall("POST /api/login", { body }),
    onSuccess: (answer) => {
      if (!isTwoFactorChallenge(answer)) storeUser(answer);
    },
  });
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function useSecondFactor() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (code: string) => apiCall("POST /api/login/two-factor", { body: { code } }),
    onSuccess: storeUser,
  });
}

/** confirmPassword never leaves the browser, and every sign-up is a customer. */
export function useRegister() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (values: Omit<ApiBody<"POST /api/register">, "role">) =>
      apiCall("POST /api/register", { body: { ...values, role: "customer" } }),
    onSuccess: storeUser,
  });
}

export const displayName = (user: Pick<PublicUser, "firstName" | "username">) =>
  user.firstName || user.username;
