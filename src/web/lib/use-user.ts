import type { PublicUser } from "@shared/schemas/auth.ts";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "./api.ts";

export const USER_QUERY_KEY = ["/api/user"] as const;

/** The signed-in user, or null for a guest (a 401 is an answer here, not an error). */
export function useUser() {
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: () => getJson<PublicUser | null>("/api/user", { on401: "returnNull" }),
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}
