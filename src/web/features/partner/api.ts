import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiQuery } from "@web/lib/api.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { partnerOverviewQuery } from "./reads.ts";

/** A partner user's hooks and writes; the reads the server also makes are in reads.ts. */

export const usePartnerOverview = () => useQuery(partnerOverviewQuery());

/**
 * after a registration (one, or an import's): the month's count, the policy list, the
 * scorecard, the running statement and the imports are read again
 */
export const afterHandover = (qc: QueryClient) =>
  refreshReads(
    qc,
    "GET /api/partner",
    "GET /api/partner/policies",
    "GET /api/partner/scorecard",
    "GET /api/partner/statements/current",
    "GET /api/partner/imports",
    "GET /api/partner/imports/:id",
  );

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
    onSuccess: () => refreshReads(qc, "GET /api/partner/members"),
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) =>
      apiCall("DELETE /api/partner/members/:memberId", { params: { memberId } }),
    onSuccess: () => refreshReads(qc, "GET /api/partner/members"),
  });
}
