import { formatDate, formatDateTime } from "@shared/format.ts";
import {
  KEPT_REASON_LABELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_RESPONSE_DAYS,
  type PrivacyRequest,
  PrivacyRequestCloseSchema,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from "@shared/schemas/privacy.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { toOptions, ViewFilterSelect } from "@web/components/lists/filter-controls.tsx";
import { StatusQueue, useQueueStatus } from "@web/components/lists/paged-list.tsx";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Textarea } from "@web/components/ui/input.tsx";
import { apiCall, apiPageQuery, errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";
import { CheckCheck, LockKeyhole } from "lucide-react";
import { type FormEvent, useId, useState } from "react";

const KIND_LABELS: Record<PrivacyRequestKind, string> = { erasure: "Erasure", grievance: "Grievance" };
const STATUS_LABELS: Record<PrivacyRequestStatus, string> = { open: "Open", done: "Done" };
/** the default view: the requests still to answer */
const OPEN: PrivacyRequestStatus = "open";

/**
 * Data-rights requests and privacy grievances, nearest deadline first, open ones unless
 * staff choose otherwise. Each is answered within the deadline and closed with a note of
 * what was done.
 */
export function PrivacyRequestsPanel() {
  const view = useListView();
  // the queue shows what is still to do unless staff ask for all or for done
  const status = useQueueStatus(view, OPEN);
  const kind = view.get("kind");
  const requests = usePagedQuery(
    apiPageQuery("GET /api/admin/privacy-requests", {
      query: { status: status.filter, kind, cursor: view.cursor },
    }),
  );
  return (
    <StatusQueue
      query={requests}
      view={view}
      noun={["request", "requests"]}
      empty={{
        icon: <LockKeyhole aria-hidden="true" />,
        title: status.isWaiting ? "Nothing waiting" : "No requests",
        text: "Erasure requests and privacy grievances appear here with their deadlines.",
      }}
      label="Privacy requests"
      row={(r) => <RequestRow request={r} />}
      statuses={{
        waiting: OPEN,
        options: toOptions(PRIVACY_REQUEST_STATUSES, STATUS_LABELS),
        className: "w-40",
      }}
      filters={
        <ViewFilterSelect
          view={view}
          name="kind"
          label="Kind"
          allLabel="All kinds"
          options={toOptions(PRIVACY_REQUEST_KINDS, KIND_LABELS)}
          className="w-44"
        />
      }
      hint={<>Each request is answered within {PRIVACY_RESPONSE_DAYS} days of receipt.</>}
    />
  );
}

function RequestRow({ request: r }: { request: PrivacyRequest }) {
  const overdue = r.status === "open" && Date.parse(r.dueAt) < Date.now();
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[1fr_auto] md:items-start">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{KIND_LABELS[r.kind]}</Badge>
          <Badge className={cn(r.status === "done" && "bg-muted text-muted-foreground")}>
            {STATUS_LABELS[r.status]}
          </Badge>
          <span className="text-sm font-semibold">#{r.id}</span>
          <span className={cn("text-sm", overdue ? "font-semibold text-danger" : "text-muted-foreground")}>
            {r.status === "open" ? `${overdue ? "Overdue since" : "Due by"} ${formatDate(r.dueAt)}` : null}
          </span>
        </div>
        <p className="text-sm break-words">
          <span className="font-medium">{r.name}</span>{" "}
          <span className="text-muted-foreground">
            {r.email}
            {r.userId ? ` · customer #${r.userId}` : " · visitor"} · received {formatDateTime(r.createdAt)}
          </span>
        </p>
        <p className="text-sm whitespace-pre-line break-words text-muted-foreground">{r.message}</p>
        {r.kept.length > 0 ? (
          <ul className="grid gap-0.5 text-xs text-muted-foreground">
            {r.kept.map((k) => (
              <li key={k} className="ml-4 list-disc">
                Kept: {KEPT_REASON_LABELS[k]}
              </li>
            ))}
          </ul>
        ) : null}
        {r.status === "done" ? (
          <p className="text-sm">
            <span className="font-medium">Closed</span>{" "}
            <span className="text-muted-foreground">
              {r.closedAt ? formatDateTime(r.closedAt) : ""}
              {r.closedBy ? ` by ${r.closedBy}` : ""}:
            </span>{" "}
            {r.closeNote}
          </p>
        ) : null}
      </div>
      {r.status === "open" ? <CloseRequestDialog request={r} /> : null}
    </li>
  );
}

function CloseRequestDialog({ request }: { request: PrivacyRequest }) {
  return (
    <FormDialog
      icon={CheckCheck}
      trigger={`Close #${request.id}`}
      title={`Close request #${request.id}`}
      description="Say what was done: what was erased or kept, and how the person was answered."
      className="max-w-md"
      form={(close) => <CloseForm request={request} onDone={close} />}
    />
  );
}

function CloseForm({ request, onDone }: { request: PrivacyRequest; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const close = useMutation({
    mutationFn: () =>
      apiCall("POST /api/admin/privacy-requests/:id/close", { params: { id: request.id }, body: { note } }),
    onSuccess: () => {
      void refreshReads(queryClient, "GET /api/admin/privacy-requests");
      toast({ title: "Request closed", description: `Request #${request.id} is done.` });
      onDone();
    },
    onError: (err) => setError(errorMessage(err, "Could not close the request. Please try again.")),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PrivacyRequestCloseSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(undefined);
    close.mutate();
  };
  return (
    <Form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`Close request ${request.id}`}>
      <FormField id={`${id}-note`} label="What was done" error={error}>
        <Textarea
          {...fieldA11y(`${id}-note`, { error })}
          rows={4}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <FormDialogFooter pending={close.isPending} label="Close request" pendingLabel="Closing..." />
    </Form>
  );
}
