import { formatDate, formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { type AdminTransfer, TRANSFER_STATUSES, type TransferStatus } from "@shared/schemas/transfer.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiCall, apiPageQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { toast } from "@web/lib/toast.ts";
import { ArrowRight, ArrowRightLeft, Check, X } from "lucide-react";
import { Link } from "wouter";
import { toOptions } from "./filter-controls.tsx";
import { StatusQueue, useQueueStatus } from "./paged-list.tsx";
import { useListView } from "./use-list-view.ts";

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pending: "Waiting for buyer",
  accepted: "Needs approval",
  completed: "Completed",
  cancelled: "Cancelled",
  declined: "Declined",
  expired: "Expired",
};

/** the default view: transfers the buyer has accepted, waiting for staff to approve */
const WAITING: TransferStatus = "accepted";

/** waiting for staff, and done, are tinted; the rest are outlined */
const TONE: Partial<Record<TransferStatus, BadgeTone>> = {
  accepted: "waiting",
  completed: "done",
};

/**
 * Transfers of policies to the buyers of homes, newest first. What waits for staff (accepted
 * by the buyer, on a plan that needs approval) is the default view; approve moves the policy,
 * decline leaves it with its holder. Both parties are e-mailed either way.
 */
export function TransfersPanel() {
  const view = useListView();
  const status = useQueueStatus(view, WAITING);
  const transfers = usePagedQuery(
    apiPageQuery("GET /api/admin/transfers", { query: { status: status.filter, cursor: view.cursor } }),
  );
  return (
    <StatusQueue
      query={transfers}
      view={view}
      noun={["transfer", "transfers"]}
      empty={{
        icon: <ArrowRightLeft aria-hidden="true" />,
        title: status.isWaiting ? "Nothing to approve" : "No transfers",
        text: "When a holder transfers a policy to the buyer of their home, it appears here.",
      }}
      label="Transfers"
      row={(t) => <TransferRow transfer={t} />}
      statuses={{
        waiting: WAITING,
        options: toOptions(TRANSFER_STATUSES, TRANSFER_STATUS_LABELS),
        className: "w-48",
      }}
      hint={
        <>
          Premium and Elite transfers wait here once the buyer accepts; Essential ones complete on acceptance.
        </>
      }
    />
  );
}

function TransferRow({ transfer: t }: { transfer: AdminTransfer }) {
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[1fr_auto] md:items-center" data-testid={`transfer-${t.id}`}>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={TONE[t.status] ? "default" : "outline"} tone={TONE[t.status]}>
            {TRANSFER_STATUS_LABELS[t.status]}
          </Badge>
          <span className="font-mono text-sm font-semibold">{t.policyNumber}</span>
          <span className="text-sm text-muted-foreground">{t.planName} Plan</span>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm break-words">
          <Link href={paths.adminCustomer(t.seller.id)} className="font-medium hover:underline">
            {t.seller.name}
          </Link>
          <ArrowRight aria-label="to" className="size-4 text-muted-foreground" />
          {t.buyer ? (
            <Link href={paths.adminCustomer(t.buyer.id)} className="font-medium hover:underline">
              {t.buyer.name}
            </Link>
          ) : (
            <span className="font-medium">{t.buyerName}</span>
          )}
          <span className="text-muted-foreground">
            {t.buyerEmail} · {t.buyerPhone}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          Started {formatDateTime(t.createdAt)}
          {t.acceptedAt ? ` · accepted ${formatDateTime(t.acceptedAt)}` : ""}
          {t.closedAt ? ` · closed ${formatDateTime(t.closedAt)}` : ""}
          {t.status === "pending" ? ` · link works until ${formatDate(t.expiresAt)}` : ""}
        </p>
      </div>
      {t.status === "accepted" ? <Decision transfer={t} /> : null}
    </li>
  );
}

/** staff's two answers to an accepted transfer: approving is the main one, declining the other */
const DECISIONS = [
  { decision: "approve", label: "Approve", icon: <Check aria-hidden="true" />, variant: "default" },
  { decision: "decline", label: "Decline", icon: <X aria-hidden="true" />, variant: "outline" },
] as const;

function Decision({ transfer }: { transfer: AdminTransfer }) {
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: "approve" | "decline") =>
      apiCall(
        decision === "approve"
          ? "POST /api/admin/transfers/:id/approve"
          : "POST /api/admin/transfers/:id/decline",
        { params: { id: transfer.id } },
      ),
    onSuccess: (t) => {
      void queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith("/api/admin/"),
      });
      toast({
        title: t.status === "completed" ? "Transfer approved" : "Transfer declined",
        description:
          t.status === "completed"
            ? `${t.policyNumber} is now ${t.buyer?.name ?? t.buyerName}'s. Both have been e-mailed.`
            : `${t.policyNumber} stays with ${t.seller.name}. Both have been e-mailed.`,
      });
    },
    onError: (err) =>
      toast({
        title: "Could not save the decision",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      }),
  });
  const pending = decide.isPending ? decide.variables : null;
  return (
    <div className="flex flex-wrap gap-2">
      {DECISIONS.map((d) => (
        <Button
          key={d.decision}
          size="sm"
          variant={d.variant}
          disabled={decide.isPending}
          onClick={() => decide.mutate(d.decision)}
          aria-label={`${d.label} the transfer of ${transfer.policyNumber}`}
        >
          <BusyLabel busy={pending === d.decision} icon={d.icon}>
            {d.label}
          </BusyLabel>
        </Button>
      ))}
    </div>
  );
}
