import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { apiPageQuery, PagedName } from "./api.ts";

/**
 * Reads one page of a paged list (the options from `apiPageQuery`). While the next page or
 * another filter loads, the rows on screen stay, so the table does not collapse to a
 * skeleton at every click. Kept out of api.ts, which every public page loads: only
 * signed-in pages page through lists.
 */
export function usePagedQuery<K extends PagedName>(options: ReturnType<typeof apiPageQuery<K>>) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}
