import { formatDateTime } from "@shared/format.ts";
import type { Attachment } from "@shared/schemas/attachment.ts";
import {
  formatVisitSlot,
  STAFF_VISIT_STATUS_LABELS,
  VISIT_OUTCOME_LABELS,
  VISIT_OUTCOMES,
  VISIT_STATUS_LABELS,
  type Visit,
  type VisitEvent,
  type VisitOutcome,
} from "@shared/schemas/visit.ts";
import {
  AttachmentPicker,
  AttachmentThumbnails,
  useChosenFiles,
} from "@web/components/files/attachments.tsx";
import { Form } from "@web/components/forms/form.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { NativeSelect, Textarea } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { CalendarCheck, CalendarClock, CalendarX, ClipboardCheck, Loader2, Wrench } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useAnswerVisit, useRecordOutcome } from "./api.ts";
import { SlotForm } from "./visit-slot-form.tsx";

/**
 * A ticket's technician visits: each as a card with its slot, where it stands and every step
 * (proposed, confirmed, another time asked, outcome with its photos). The customer answers
 * a proposed slot here; staff and the assigned technician propose, move and close visits.
 */

const EVENT_WORDS: Record<VisitEvent["kind"], string> = {
  proposed: "Visit proposed",
  confirmed: "Confirmed by the customer",
  change_requested: "Another time asked for",
  outcome: "Outcome recorded",
};
const EVENT_ICONS = {
  proposed: CalendarClock,
  confirmed: CalendarCheck,
  change_requested: CalendarX,
  outcome: ClipboardCheck,
} as const;

function VisitSteps({ visit, attachments }: { visit: Visit; attachments: Attachment[] }) {
  const photos = attachments.filter(
    (a) => visit.outcomeMessageId !== null && a.messageId === visit.outcomeMessageId,
  );
  return (
    <ol className="mt-4 grid gap-3 border-l pl-4" aria-label="Steps of this visit">
      {visit.events.map((e) => {
        const Icon = EVENT_ICONS[e.kind];
        return (
          <li key={e.id} className="relative text-sm" data-testid={`visit-step-${e.kind}`}>
            <Icon
              aria-hidden="true"
              className="absolute top-0.5 -left-[1.6rem] size-4 rounded-full bg-card text-primary"
            />
            <p className="font-medium">
              {EVENT_WORDS[e.kind]}
              {e.kind === "outcome" && e.outcome ? `: ${VISIT_OUTCOME_LABELS[e.outcome]}` : ""}
            </p>
            <p className="text-muted-foreground">
              {e.kind === "proposed" ? `${formatVisitSlot(e.startsAt, e.endsAt)} · ` : ""}
              {e.actorName ? `${e.actorName} · ` : ""}
              <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            </p>
            {e.note ? <p className="mt-1 whitespace-pre-line break-words">“{e.note}”</p> : null}
            {e.kind === "outcome" ? <AttachmentThumbnails items={photos} className="mt-2" /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** `staff`: the words of the staff screens, where the customer's "your confirmation" would mislead */
function VisitHeader({ visit, staff = false }: { visit: Visit; staff?: boolean }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <p className="flex items-center gap-2 font-semibold">
        <Wrench aria-hidden="true" className="size-4 text-primary" />
        <span>{formatVisitSlot(visit.startsAt, visit.endsAt)}</span>
      </p>
      <Badge variant={visit.status === "confirmed" || visit.status === "completed" ? "accent" : "outline"}>
        {visit.status === "completed" && visit.outcome
          ? VISIT_OUTCOME_LABELS[visit.outcome]
          : (staff ? STAFF_VISIT_STATUS_LABELS : VISIT_STATUS_LABELS)[visit.status]}
      </Badge>
    </div>
  );
}

/** The customer's view: confirm the time, or ask for another with a note */
export function CustomerVisits({
  ticketId,
  visits,
  attachments,
  closed,
}: {
  ticketId: number;
  visits: Visit[];
  attachments: Attachment[];
  closed: boolean;
}) {
  if (visits.length === 0) return null;
  return (
    <div className="grid gap-4" data-testid="visits">
      {[...visits].reverse().map((v) => (
        <div key={v.id} className="rounded-xl border p-4" data-testid="visit-card">
          <VisitHeader visit={v} />
          {!closed && (v.status === "proposed" || v.status === "confirmed") ? (
            <CustomerAnswer ticketId={ticketId} visit={v} />
          ) : null}
          {v.status === "change_requested" ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Thank you. We will send you a new time shortly.
            </p>
          ) : null}
          <VisitSteps visit={v} attachments={attachments} />
        </div>
      ))}
    </div>
  );
}

function CustomerAnswer({ ticketId, visit }: { ticketId: number; visit: Visit }) {
  const answer = useAnswerVisit(ticketId, visit.id);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const id = useId();
  const send = (a: { action: "confirm" } | { action: "change"; note: string }) =>
    answer.mutate(a, {
      onSuccess: () => {
        setAsking(false);
        setError(undefined);
        toast({ title: a.action === "confirm" ? "Visit confirmed" : "We will send you another time" });
      },
      onError: (err) => setError(errorMessage(err, "That did not work. Please try again.")),
    });
  return (
    <div className="mt-3 grid gap-3">
      {visit.status === "proposed" ? (
        <p className="text-sm">Our technician can come at this time. Does it suit you?</p>
      ) : (
        <p className="text-sm text-muted-foreground">
          You confirmed this time. Our technician will call before coming.
        </p>
      )}
      {asking ? (
        <Form
          className="grid gap-3"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (note.trim().length < 3) return setError("Please tell us which days or times suit you");
            send({ action: "change", note });
          }}
        >
          <FormField id={`${id}-note`} label="Which days or times suit you?" error={error}>
            <Textarea
              id={`${id}-note`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={1000}
              rows={3}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={answer.isPending}>
              {answer.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null} Send
            </Button>
            <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {visit.status === "proposed" ? (
            <Button onClick={() => send({ action: "confirm" })} disabled={answer.isPending}>
              <CalendarCheck aria-hidden="true" /> Confirm this time
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setAsking(true)} disabled={answer.isPending}>
            <CalendarX aria-hidden="true" /> Ask for another time
          </Button>
          {error ? (
            <p role="alert" className="w-full text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

export interface Visitor {
  id: number;
  name: string;
}

/** an outcome says what the technician found: the server takes none before the visit starts */
const hasBegun = (visit: Visit) => Date.parse(visit.startsAt) <= Date.now();

/** Staff and the assigned technician: every visit, a new one, a new time, the outcome */
export function StaffVisits({
  ticketId,
  visits,
  attachments,
  active,
  visitor,
}: {
  ticketId: number;
  visits: Visit[];
  attachments: Attachment[];
  /** the ticket is open or in progress: visits can be arranged */
  active: boolean;
  /** the ticket's assignee, who makes the visit; none while it is unassigned */
  visitor: Visitor | null;
}) {
  const arranging = visits.find((v) => v.status !== "completed");
  return (
    <div className="grid gap-4" data-testid="staff-visits">
      {visits.length === 0 ? <p className="text-sm text-muted-foreground">No visit arranged yet.</p> : null}
      {[...visits].reverse().map((v) => (
        <div key={v.id} className="rounded-xl border p-4" data-testid="visit-card">
          <VisitHeader visit={v} staff />
          <VisitSteps visit={v} attachments={attachments} />
          {v.status !== "completed" && active ? (
            <div className="mt-4 grid gap-3 border-t pt-4">
              <SlotForm ticketId={ticketId} visitId={v.id} visitor={visitor} label="Propose a new time" />
              {hasBegun(v) ? (
                <OutcomeForm ticketId={ticketId} visitId={v.id} />
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="outcome-waits">
                  The outcome can be recorded once the visit has begun (
                  {formatVisitSlot(v.startsAt, v.endsAt)}).
                </p>
              )}
            </div>
          ) : null}
        </div>
      ))}
      {!arranging && active ? (
        <SlotForm ticketId={ticketId} visitor={visitor} label="Propose a visit" open />
      ) : null}
    </div>
  );
}

function OutcomeForm({ ticketId, visitId }: { ticketId: number; visitId: number }) {
  const [shown, setShown] = useState(false);
  const [outcome, setOutcome] = useState<VisitOutcome | "">("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = useChosenFiles();
  const record = useRecordOutcome(ticketId, visitId);
  const id = useId();
  if (!shown)
    return (
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShown(true)}>
        <ClipboardCheck aria-hidden="true" /> Record the outcome
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!outcome) problems.outcome = "Please choose what came of the visit";
    if (notes.trim().length < 3) problems.notes = "Please describe what was done";
    setErrors(problems);
    if (outcome === "" || Object.keys(problems).length) return;
    record.mutate(
      { outcome, notes, upload: (messageId) => chosen.upload(ticketId, messageId) },
      {
        onSuccess: ({ failed }) =>
          failed
            ? toast({
                title: "A photo was not uploaded",
                description: "Add it again from the conversation's file box.",
                variant: "destructive",
              })
            : toast({ title: "Outcome recorded", description: "The customer has been e-mailed." }),
        onError: (err) => setErrors({ form: errorMessage(err, "The outcome could not be recorded.") }),
      },
    );
  };
  return (
    <Form onSubmit={submit} className="grid gap-3" aria-label="Record the outcome" noValidate>
      <p className="text-sm font-semibold">Record the outcome</p>
      <FormField id={`${id}-outcome`} label="Outcome" error={errors.outcome}>
        <NativeSelect
          id={`${id}-outcome`}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as VisitOutcome)}
        >
          <option value="">Choose…</option>
          {VISIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {VISIT_OUTCOME_LABELS[o]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-notes`} label="What was done (the customer reads this)" error={errors.notes}>
        <Textarea id={`${id}-notes`} value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} />
      </FormField>
      <AttachmentPicker chosen={chosen} disabled={record.isPending} />
      {errors.form ? (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      ) : null}
      <Button
        type="submit"
        size="sm"
        className="justify-self-start"
        disabled={record.isPending || record.isSuccess}
      >
        {record.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null} Save outcome
      </Button>
    </Form>
  );
}
