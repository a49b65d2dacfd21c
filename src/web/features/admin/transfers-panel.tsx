import { formatDate, formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import {
  type AdminTransfer,
  TRANSFER_STATUSES,
  type TransferProof,
  type TransferStatus,
} from "@shared/schemas/transfer.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toOptions } from "@web/components/lists/filter-controls.tsx";
import { StatusQueue, useQueueStatus } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiCall, apiPageQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";
import { formatSize } from "@web/lib/upload.ts";
import { ArrowRight, ArrowRightLeft, FileText, X } from "lucide-react";
import { Link } from "wouter";
import { ApproveTransferDialog } from "./approve-transfer-dialog.tsx";

const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
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
        {t.proof ? <ProofOfSale proof={t.proof} /> : null}
      </div>
      {t.status === "accepted" ? <Decision transfer={t} /> : null}
    </li>
  );
}

/**
 * staff's two answers to an accepted transfer: approving (the main one) asks for the proof of
 * sale in a dialog; declining leaves the policy where it is, so it needs no more than a click
 */
function Decision({ transfer }: { transfer: AdminTransfer }) {
  const queryClient = useQueryClient();
  const decline = useMutation({
    mutationFn: () => apiCall("POST /api/admin/transfers/:id/decline", { params: { id: transfer.id } }),
    onSuccess: (t) => {
      // the policy stays where it was: only the transfer's row changes
      void refreshReads(queryClient, "GET /api/admin/transfers");
      toast({
        title: "Transfer declined",
        description: `${t.policyNumber} stays with ${t.seller.name}. Both have been e-mailed.`,
      });
    },
    onError: (err) =>
      toast({
        title: "Could not save the decision",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <div className="flex flex-wrap gap-2">
      <ApproveTransferDialog transfer={transfer} />
      <Button
        size="sm"
        variant="outline"
        disabled={decline.isPending}
        onClick={() => decline.mutate()}
        aria-label={`Decline the transfer of ${transfer.policyNumber}`}
      >
        <BusyLabel busy={decline.isPending} icon={<X aria-hidden="true" />}>
          Decline
        </BusyLabel>
      </Button>
    </div>
  );
}

/** what an approval rested on, for whoever looks at the transfer later */
function ProofOfSale({ proof }: { proof: TransferProof }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="proof-of-sale">
      <span className="font-medium">Proof of sale:</span>
      {proof.reference ? <span className="break-words">{proof.reference}</span> : null}
      {proof.file ? (
        <a
          href={proof.file.url}
          className="inline-flex min-w-0 items-center gap-1 font-medium text-primary hover:underline"
          download={proof.file.type === "application/pdf" ? proof.file.name : undefined}
          target={proof.file.type === "application/pdf" ? undefined : "_blank"}
          rel="noreferrer"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{proof.file.name}</span>
          <span className="shrink-0 font-normal text-muted-foreground">({formatSize(proof.file.size)})</span>
        </a>
      ) : null}
    </p>
  );
}
