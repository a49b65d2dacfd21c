import { formatDate } from "@shared/format.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiPageQuery, apiQuery, apiUpload, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { b2bPlansQuery } from "@web/lib/plans.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";

/** The staff console's partner reads and writes; query keys are API paths, as in api.ts. */

type ListQuery = Record<string, string>;

export const useAdminPartners = (query: ListQuery) =>
  usePagedQuery(apiPageQuery("GET /api/admin/partners", { query }));

export const useAdminPartner = (id: number) =>
  useQuery(apiQuery("GET /api/admin/partners/:id", { params: { id } }));

export const usePartnerMembers = (id: number) =>
  useQuery(apiQuery("GET /api/admin/partners/:id/members", { params: { id } }));

export const usePartnerStatements = (id: number, query: ListQuery) =>
  usePagedQuery(apiPageQuery("GET /api/admin/partners/:id/statements", { params: { id }, query }));

/** the month so far as its statement would read if issued now; nothing is issued */
export const useRunningStatement = (id: number) =>
  useQuery(apiQuery("GET /api/admin/partners/:id/statements/current", { params: { id } }));

export const useB2BPlanChoices = () => useQuery(b2bPlansQuery());

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });

/** a partner's row in the list and its page (its logo, member count and month), after any change to it */
const PARTNER_READS = ["GET /api/admin/partners", "GET /api/admin/partners/:id"] as const;

export function useCreatePartner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/admin/partners">) => apiCall("POST /api/admin/partners", { body }),
    onSuccess: (p) => {
      toast({ title: "Partner created", description: `${p.name} is on the ${p.planName}.` });
      return refreshReads(qc, "GET /api/admin/partners");
    },
  });
}

/** a partner's logo, saved at once; the partner is named with each upload (a new partner's logo follows its creation) */
export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, file }: { partnerId: number; file: File }) =>
      apiUpload("PUT /api/admin/partners/:id/logo", { params: { id: partnerId } }, file),
    onSuccess: (p) => {
      toast({ title: "Logo saved", description: `${p.name}'s certificates and e-mails now carry it.` });
      return refreshReads(qc, ...PARTNER_READS);
    },
    onError: failed("Could not save the logo"),
  });
}

export function useInvitePartnerMember(partnerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/admin/partners/:id/members">) =>
      apiCall("POST /api/admin/partners/:id/members", { params: { id: partnerId }, body }),
    onSuccess: (m) => {
      toast({ title: "Invitation sent", description: `${m.name} gets an e-mail to set a password.` });
      return refreshReads(qc, ...PARTNER_READS, "GET /api/admin/partners/:id/members");
    },
  });
}

export function useIssueStatement(partnerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/admin/partners/:id/statements">) =>
      apiCall("POST /api/admin/partners/:id/statements", { params: { id: partnerId }, body }),
    onSuccess: (s) => {
      toast({
        title: "Statement issued",
        description: `Tax invoice ${s.invoiceNumber}, due on ${formatDate(s.dueOn)}.`,
      });
      return refreshReads(
        qc,
        ...PARTNER_READS,
        "GET /api/admin/partners/:id/statements",
        "GET /api/admin/partners/:id/statements/:statementId",
        "GET /api/admin/partners/:id/statements/current",
      );
    },
  });
}
