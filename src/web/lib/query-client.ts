import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, fetchJson } from "./api.ts";

declare module "@tanstack/react-query" {
  interface Register {
    // every failed read or write goes through lib/api.ts
    defaultError: ApiError;
  }
}

/**
 * Query keys are API paths: ["/api/plans/B2C"]. The server prefetches under the same keys,
 * so the browser finds the data it needs already in the cache when it hydrates.
 */
const fetchByPath: QueryFunction = ({ queryKey }) => fetchJson("GET", String(queryKey[0]));

/** Data never goes stale, no refetch on focus, no polling, no retries (the product's rules for reads). */
export function createQueryClient() {
  const queryClient = new QueryClient({
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
  // A failed read from the server's render arrives as JSON: make it an ApiError again, so
  // pages tell "not found" from "failed" the same way on both sides.
  queryClient.getQueryCache().subscribe((event) => {
    const { error } = event.query.state;
    if (event.type === "added" && error && !(error instanceof ApiError)) {
      event.query.setState({ error: ApiError.revive(error) as ApiError });
    }
  });
  return queryClient;
}
