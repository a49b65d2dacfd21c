import { INDIA_TIME_ZONE } from "@shared/dates.ts";
import type { SlaView } from "@shared/schemas/sla.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SlaDue } from "@web/components/sla-due.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiCall, errorMessage } from "@web/lib/api.ts";
import { refreshReads, TICKET_READS } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";

/**
 * The ticket's service-level clock on its staff page: the running target's due time and
 * flags, and the switch that pauses the clock while the ticket waits on the customer
 * (their reply ends the wait by itself).
 */
export function ServiceLevelPanel({
  ticketId,
  sla,
  active,
}: {
  ticketId: number;
  sla: SlaView;
  active: boolean;
}) {
  const client = useQueryClient();
  const waiting = sla.waitingSince !== null;
  const toggle = useMutation({
    mutationFn: () =>
      apiCall("PATCH /api/admin/tickets/:id/waiting", {
        params: { id: ticketId },
        body: { waiting: !waiting },
      }),
    onSuccess: () => {
      toast({ title: waiting ? "The clock runs again" : "Waiting on the customer: the clock is paused" });
      void refreshReads(client, ...TICKET_READS);
    },
    onError: (error) =>
      toast({
        title: "Update failed",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <div className="grid gap-3">
      <SlaDue sla={sla} long />
      {sla.breachedAt ? (
        <p className="text-xs text-muted-foreground">
          Missed at{" "}
          <time dateTime={sla.breachedAt}>
            {new Date(sla.breachedAt).toLocaleString("en-IN", {
              timeZone: INDIA_TIME_ZONE,
              dateStyle: "medium",
              timeStyle: "short",
            })}
          </time>
        </p>
      ) : null}
      {active || waiting ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {waiting ? "Customer answered: resume the clock" : "Waiting on the customer"}
        </Button>
      ) : null}
    </div>
  );
}
