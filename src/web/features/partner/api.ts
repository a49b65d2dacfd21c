import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiQuery } from "@web/lib/api.ts";
import { partnerOverviewQuery } from "./reads.ts";

/** A partner user's hooks and writes; the reads the server also makes are in reads.ts. */

export const usePartnerOverview = () => useQuery(partnerOverviewQuery());

/** after a registration (one, or an import's): the month's count, the lists and the scorecard are read again */
export const afterHandover = (qc: QueryClient) =>
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
