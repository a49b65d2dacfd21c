import { useQuery } from "@tanstack/react-query";
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
