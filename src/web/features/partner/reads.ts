import { apiPageQuery, apiQuery } from "@web/lib/api.ts";

/**
 * A partner user's reads that the route table names, so the server prefetches with a page
 * what the page reads first (query keys are API paths). Kept apart from the hooks in api.ts:
 * the route table is in every page's entry script, the hooks only in the partner's pages.
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
