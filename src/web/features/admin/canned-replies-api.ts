import type { CannedReplyInput } from "@shared/schemas/canned-reply.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall, apiQuery } from "@web/lib/api.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";

/** Staff's shared canned replies: the list the picker and the manage dialog read, and the writes. */
export const useCannedReplies = (enabled = true) =>
  useQuery({ ...apiQuery("GET /api/admin/canned-replies"), enabled });

function useRefresh() {
  const qc = useQueryClient();
  return () => refreshReads(qc, "GET /api/admin/canned-replies");
}

/** create (no id) or edit (with id); the form shows the server's message itself on failure */
export function useSaveCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: CannedReplyInput & { id?: number }) =>
      id === undefined
        ? apiCall("POST /api/admin/canned-replies", { body })
        : apiCall("PUT /api/admin/canned-replies/:id", { params: { id }, body }),
    onSuccess: (saved, vars) => {
      toast({ title: vars.id === undefined ? `Canned reply "${saved.title}" added` : "Canned reply saved" });
      return refresh();
    },
  });
}

export function useDeleteCannedReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiCall("DELETE /api/admin/canned-replies/:id", { params: { id } }),
    onSuccess: () => {
      toast({ title: "Canned reply deleted" });
      return refresh();
    },
  });
}
