import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiBody, apiCall, apiQuery } from "@web/lib/api.ts";

export const twoFactorStatusQuery = () => apiQuery("GET /api/user/two-factor");
export const staffRuleQuery = () => apiQuery("GET /api/admin/settings/two-factor");

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQuery(), enabled });
}

/*
 * The status is read again by the panel once the person has put the recovery codes away,
 * not on each success: the console's gate must not move on while they are on screen.
 */
export function useStartSetup() {
  return useMutation({ mutationFn: () => apiCall("POST /api/user/two-factor/setup") });
}

export function useConfirmSetup() {
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/user/two-factor/confirm">) =>
      apiCall("POST /api/user/two-factor/confirm", { body }),
  });
}

export function useNewRecoveryCodes() {
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/user/two-factor/recovery-codes">) =>
      apiCall("POST /api/user/two-factor/recovery-codes", { body }),
  });
}

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (body: ApiBody<"POST /api/user/two-factor/disable">) =>
      apiCall("POST /api/user/two-factor/disable", { body }),
  });
}

export function useSetStaffRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requiredForStaff: boolean) =>
      apiCall("PUT /api/admin/settings/two-factor", { body: { requiredForStaff } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(staffRuleQuery().queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
    },
  });
}
