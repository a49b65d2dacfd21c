import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiPageQuery, apiQuery } from "@web/lib/api.ts";

/**
 * A partner user's reads and writes. Query keys are API paths, so what the server
 * prefetches for a page (`partnerDashboardReads`) is what the page reads first.
 */

export const partnerOverviewQuery = () => apiQuery("GET /api/partner");
export const partnerScorecardQuery = () => apiQuery("GET /api/partner/scorecard");

/** the two lists of the dashboard keep their views apart in the address: policyQ, claimStatus… */
export const POLICY_LIST = "policy";
export const CLAIM_LIST = "claim";

type Get = (name: string) => string;
const prefixed = (prefix: string, get: Get) => (name: string) =>
  get(prefix + name[0].toUpperCase() + name.slice(1));

/** GET /api/partner/policies's query for the view in the address; one view, one cache key */
export function partnerPoliciesQuery(get: Get) {
  const p = prefixed(POLICY_LIST, get);
  return apiPageQuery("GET /api/partner/policies", {
    query: { q: p("q").trim(), cursor: p("cursor"), limit: "10" },
  });
}

export function partnerClaimsQuery(get: Get) {
  const p = prefixed(CLAIM_LIST, get);
  return apiPageQuery("GET /api/partner/claims", {
    query: { status: p("status"), q: p("q").trim(), cursor: p("cursor"), limit: "10" },
  });
}

/** What /partner shows first, read by the server with the page */
export function partnerDashboardReads(search: URLSearchParams) {
  const get = (name: string) => search.get(name) ?? "";
  return [
    partnerOverviewQuery(),
    partnerPoliciesQuery(get),
    partnerClaimsQuery(get),
    partnerScorecardQuery(),
  ];
}

export const usePartnerOverview = () => useQuery(partnerOverviewQuery());

/** after a registration: the month's count, the lists and the scorecard are read again */
const afterHandover = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/partner") });

export function useRegisterHandover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/partner/handovers">) =>
      apiCall("POST /api/partner/handovers", { body }),
    onSuccess: () => afterHandover(qc),
  });
}

export const partnerMembersQuery = () => apiQuery("GET /api/partner/members");

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/partner/members">) =>
      apiCall("POST /api/partner/members", { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerMembersQuery().queryKey }),
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) =>
      apiCall("DELETE /api/partner/members/:memberId", { params: { memberId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerMembersQuery().queryKey }),
  });
}
