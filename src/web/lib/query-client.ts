import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { getJson } from "./api.ts";

/**
 * Query keys are API paths: ["/api/plans/B2C"]. The server prefetches under the same keys,
 * so the browser finds the data it needs already in the cache when it hydrates.
 */
const fetchByPath: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/** Spec §7: data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByPath,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // a not-found answer rendered by the server stays not-found after hydration
        retryOnMount: false,
      },
      mutations: { retry: false },
      dehydrate: {
        // failed reads travel too (e.g. an unknown city), so the browser shows what the server showed
        shouldDehydrateQuery: (query) => query.state.status !== "pending",
        shouldRedactErrors: () => false,
      },
    },
  });
}
