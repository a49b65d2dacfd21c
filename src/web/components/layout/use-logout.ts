import { paths } from "@shared/paths.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall, errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { setSignedInUser } from "@web/lib/use-user.ts";
import { useLocation } from "wouter";

/** Logout with the product's toasts; signed-in data is dropped so nothing of it lingers. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiCall("POST /api/logout"),
    onSuccess: () => {
      setSignedInUser(queryClient, null);
      toast({ title: "Logged out", description: "You have been successfully logged out" });
      navigate(paths.home);
    },
    onError: (error) => {
      toast({
        title: "Logout failed",
        // the server's message, or the status and body of the failed call
        description: errorMessage(error, String(error)),
        variant: "destructive",
      });
    },
  });
}
