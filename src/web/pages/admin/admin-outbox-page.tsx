import { formatDateTime } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { JOB_STATUSES, type JobStatus, type OutboxItem } from "@shared/schemas/outbox.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DayThenTime } from "@web/components/day-then-time.tsx";
import { ViewFilterSelect } from "@web/components/lists/filter-controls.tsx";
import { ACTIONS, type Column, ListTable } from "@web/components/lists/list-table.tsx";
import { FilteredPagedList } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { TitledDialog } from "@web/components/ui/dialog.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { EMAIL_LABELS } from "@web/features/mail/labels.ts";
import { apiCall, apiPageQuery, apiQuery, errorMessage } from "@web/lib/api.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";
import { Mail, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { AdminPage } from "./admin-frame.tsx";

/** each status's word for staff, and its badge's tint */
const STATUSES: Record<JobStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting", tone: "waiting" },
  running: { label: "Sending", tone: "info" },
  done: { label: "Sent", tone: "done" },
  dead: { label: "Failed", tone: "alarm" },
};
const STATUS_OPTIONS = JOB_STATUSES.map((value) => ({ value, label: STATUSES[value].label }));

/**
 * Every e-mail the site has sent or is sending, newest first. Without a mail server
 * (SMTP_URL unset) this is where they are kept, so staff can read each one; an e-mail that
 * failed on every attempt can be sent again from here.
 */
export default function AdminOutboxPage() {
  return (
    <AdminPage
      title="Outbox"
      path={paths.adminOutbox}
      description="Every e-mail to customers, visitors and staff, newest first: sent, waiting for another attempt, or failed."
    >
      <Outbox />
    </AdminPage>
  );
}

function Outbox() {
  const view = useListView();
  const status = view.get("status");
  const [open, setOpen] = useState<number | null>(null);
  const list = usePagedQuery(
    apiPageQuery("GET /api/admin/outbox", { query: { status, cursor: view.cursor } }),
  );
  return (
    <>
      <FilteredPagedList
        query={list}
        view={view}
        noun={["e-mail", "e-mails"]}
        empty={{
          icon: <Mail aria-hidden="true" />,
          title: status ? "No e-mails with this status" : "No e-mails yet",
          text: "E-mails appear here as tickets, replies, enquiries and sign-ups happen.",
        }}
        filters={
          <ViewFilterSelect
            view={view}
            name="status"
            label="Status"
            allLabel="All e-mails"
            options={STATUS_OPTIONS}
            className="w-56"
          />
        }
      >
        {(items) => <ListTable label="E-mails" items={items} columns={outboxColumns(setOpen)} />}
      </FilteredPagedList>
      <EmailDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function StatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge tone={STATUSES[status].tone} className="px-2 whitespace-nowrap">
      {STATUSES[status].label}
    </Badge>
  );
}

/**
 * The first address of a list, and how many more: a staff alert goes to every member of staff,
 * and the whole list in one cell pushed the status and the Retry button past the card's edge.
 * The whole list is in the cell's tooltip and in the e-mail's dialog.
 */
function Recipients({ to }: { to: string }) {
  const [first, ...others] = to.split(/,\s*/);
  return (
    <div className="flex max-w-44 min-w-0 items-baseline gap-1.5 xl:max-w-72" title={to}>
      <span className="truncate">{first}</span>
      {others.length > 0 ? (
        <span className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
          +{others.length} more
        </span>
      ) : null}
    </div>
  );
}

/** the outbox's columns, where it stands first; its subject opens the e-mail as it was sent */
const outboxColumns = (onOpen: (id: number) => void): Column<OutboxItem>[] => [
  {
    head: "Status",
    cell: (e) => (
      <>
        <StatusBadge status={e.status} />
        {e.lastError ? (
          <p className="mt-1 max-w-64 text-xs break-words text-muted-foreground">{e.lastError}</p>
        ) : null}
      </>
    ),
  },
  // below lg the time goes under the day: the column stays narrow on a tablet
  {
    head: "Queued",
    className: "tabular-nums lg:whitespace-nowrap",
    cell: (e) => <DayThenTime value={e.createdAt} />,
  },
  {
    head: "E-mail",
    className: "min-w-48",
    cell: (e) => (
      <>
        <button
          type="button"
          onClick={() => onOpen(e.id)}
          className="cursor-pointer text-left font-medium text-primary underline-offset-4 hover:underline"
        >
          {e.subject ?? EMAIL_LABELS[e.template] ?? e.template}
        </button>
        {e.ticketId ? (
          <div className="text-xs">
            <Link href={paths.adminTicket(e.ticketId)} className="text-muted-foreground hover:underline">
              Ticket #{e.ticketId}
            </Link>
          </div>
        ) : null}
      </>
    ),
  },
  { head: "To", cell: (e) => <Recipients to={e.to} /> },
  { head: "Attempts", className: "tabular-nums", cell: (e) => `${e.attempts} of ${e.maxAttempts}` },
  { ...ACTIONS, cell: (e) => (e.status === "dead" ? <RetryButton item={e} /> : null) },
];

function RetryButton({ item }: { item: OutboxItem }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => apiCall("POST /api/admin/outbox/:id/retry", { params: { id: item.id } }),
    onSuccess: () => {
      toast({ title: "Sending again", description: `The e-mail to ${item.to} will be tried again now.` });
      return refreshReads(queryClient, "GET /api/admin/outbox", "GET /api/admin/outbox/:id");
    },
    onError: (error) =>
      toast({
        title: "Could not retry",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate()}>
      <RotateCcw aria-hidden="true" /> Retry
    </Button>
  );
}

function EmailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const email = useQuery({
    ...apiQuery("GET /api/admin/outbox/:id", { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  const e = email.data;
  return (
    <TitledDialog
      open={id !== null}
      onOpenChange={(o) => (o ? null : onClose())}
      title={e?.subject ?? (e ? (EMAIL_LABELS[e.template] ?? e.template) : "E-mail")}
      description={
        e
          ? `To ${e.to} · ${STATUSES[e.status].label}${e.sentAt ? ` ${formatDateTime(e.sentAt)}` : ""}${
              e.transport === "outbox" ? " · kept here (no mail server set)" : ""
            }`
          : "Loading…"
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      {email.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : email.isError ? (
        <p className="text-sm">{errorMessage(email.error, "The e-mail could not be loaded.")}</p>
      ) : e?.html ? (
        <div className="grid gap-3">
          {/* the e-mail's own HTML, in a frame that runs no script and reaches nothing of the console */}
          <iframe
            title="E-mail as sent"
            sandbox=""
            srcDoc={e.html}
            className="h-[60vh] w-full rounded-md border bg-white"
          />
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Plain text</summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
              {e.text}
            </pre>
          </details>
          <p className="text-xs text-muted-foreground">Message-ID {e.messageId}</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {e?.status === "dead"
            ? `Not sent: ${e.lastError ?? "it failed on every attempt"}.`
            : "This e-mail has not been written yet: it is waiting to be sent."}
        </p>
      )}
    </TitledDialog>
  );
}
