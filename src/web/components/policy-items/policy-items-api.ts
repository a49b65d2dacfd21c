import type { PolicyItemForm } from "@shared/schemas/policy-items.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall, apiQuery, apiUpload } from "@web/lib/api.ts";

/** One policy's items with their photos. */
export const policyItemsQuery = (purchaseId: number) =>
  apiQuery("GET /api/purchases/:id/items", { params: { id: purchaseId } });

/** Each write answers the item (or nothing); the list is read again, at most 100 rows. */
export function usePolicyItems(purchaseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: policyItemsQuery(purchaseId).queryKey });
  const add = useMutation({
    mutationFn: (body: PolicyItemForm) =>
      apiCall("POST /api/purchases/:id/items", { params: { id: purchaseId }, body }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: PolicyItemForm }) =>
      apiCall("PUT /api/purchases/:id/items/:itemId", { params: { id: purchaseId, itemId }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (itemId: number) =>
      apiCall("DELETE /api/purchases/:id/items/:itemId", { params: { id: purchaseId, itemId } }),
    onSuccess: refresh,
  });
  const removePhoto = useMutation({
    mutationFn: ({ itemId, photoId }: { itemId: number; photoId: number }) =>
      apiCall("DELETE /api/purchases/:id/items/:itemId/photos/:photoId", {
        params: { id: purchaseId, itemId, photoId },
      }),
    onSuccess: refresh,
  });
  /** one photo to an item; the server's message on failure */
  const uploadPhoto = (itemId: number, file: File) =>
    apiUpload("POST /api/purchases/:id/items/:itemId/photos", { params: { id: purchaseId, itemId } }, file);
  return { add, edit, remove, removePhoto, uploadPhoto, refresh };
}
