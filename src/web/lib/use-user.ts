import type { PublicUser } from "@shared/schemas/auth.ts";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { ApiError, apiCall } from "./api.ts";

export const USER_QUERY_KEY = ["/api/user"] as const;

/** The signed-in user, or null for a guest (a 401 is an answer here, not an error). */
export function useUser() {
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: () =>
      apiCall("GET /api/user").catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }),
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/**
 * The site's content: the same answer for every visitor, so it may outlive a sign-in or a
 * sign-out. Every other answer belongs to whoever was signed in.
 */
const SHARED_CONTENT =
  /^\/api\/(cities|localities|blog|faqs|plans|coverages|testimonials|social-links|payment-options)([/?]|$)/;

/**
 * Forget every answer but the site's content when who is signed in changes: someone else's
 * policies, partner figures, orders or handovers must never flash up, and a list kept from
 * before must not stand in for the new person's. The user itself is not dropped but set
 * (setSignedInUser): a removed query no longer tells the pages watching it, and the guards
 * must see who is signed in now.
 */
export function dropAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (q) => {
      const address = String(q.queryKey[0]);
      return address !== USER_QUERY_KEY[0] && !SHARED_CONTENT.test(address);
    },
  });
}

/** After a sign-in, a sign-out or a password reset: the new person (null for nobody) and nothing of the last one's. */
export function setSignedInUser(queryClient: QueryClient, user: PublicUser | null) {
  dropAccountData(queryClient);
  queryClient.setQueryData(USER_QUERY_KEY, user);
}
