import { paths } from "@shared/paths.ts";
import { formatVisitSlot, VISIT_STATUS_LABELS } from "@shared/schemas/visit.ts";
import { useQuery } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { EmailLinkPage } from "@web/components/layout/email-link-page.tsx";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Textarea } from "@web/components/ui/input.tsx";
import { useAnswerVisitLink, visitLinkQuery } from "@web/features/visits/api.ts";
import { errorMessage } from "@web/lib/api.ts";
import { CalendarCheck, CalendarX, Loader2, Wrench } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";

/**
 * Where a visit e-mail's links lead, with no sign-in. Opening it only shows the time (mail
 * scanners open every link); the button records the answer.
 */
export default function VisitPage() {
  const [link, setLink] = useState<{ token: string; action: string } | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setLink({ token: q.get("token") ?? "", action: q.get("action") ?? "confirm" });
  }, []);
  return (
    <EmailLinkPage
      title="Technician visit"
      description="Confirm or move a technician visit."
      path={paths.visitAnswer}
      icon={Wrench}
    >
      {link ? <Answer token={link.token} wantsChange={link.action === "change"} /> : <Loading />}
    </EmailLinkPage>
  );
}

function Loading() {
  return (
    <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Loading the visit…
    </p>
  );
}

function Answer({ token, wantsChange }: { token: string; wantsChange: boolean }) {
  const visit = useQuery({ ...visitLinkQuery(token), enabled: token.length >= 10, retry: false });
  const answer = useAnswerVisitLink(token);
  const [asking, setAsking] = useState(wantsChange);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  if (token.length < 10 || visit.isError)
    return (
      <p role="alert" className="mt-4 text-sm">
        {visit.isError
          ? errorMessage(visit.error, "This link is not valid.")
          : "This link is not valid. Please open your ticket from your dashboard to answer the visit."}
      </p>
    );
  if (visit.isPending) return <Loading />;
  const v = visit.data;
  const submitChange = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim().length < 3) return setNoteError("Please tell us which days or times suit you");
    setNoteError(undefined);
    answer.mutate({ action: "change", note });
  };
  return (
    <div className="mt-4 grid gap-4">
      <p className="text-sm text-muted-foreground">
        Ticket #{v.ticketId}: {v.subject}
      </p>
      <p className="text-lg font-semibold" data-testid="visit-slot">
        {formatVisitSlot(v.startsAt, v.endsAt)}
      </p>
      <p className="text-sm" role="status">
        {VISIT_STATUS_LABELS[v.status]}
      </p>
      {!v.current ? (
        <p className="rounded-lg bg-muted p-3 text-sm">
          This time has changed since that e-mail. Please answer the newest e-mail or your ticket page.
        </p>
      ) : v.status === "proposed" || v.status === "confirmed" ? (
        asking ? (
          <Form onSubmit={submitChange} className="grid gap-3" noValidate>
            <FormField id="visit-note" label="Which days or times suit you?" error={noteError}>
              <Textarea
                id="visit-note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                rows={3}
                maxLength={1000}
              />
            </FormField>
            <Button type="submit" disabled={answer.isPending}>
              <BusyLabel busy={answer.isPending} icon={<CalendarX aria-hidden="true" />}>
                Ask for another time
              </BusyLabel>
            </Button>
            {v.status === "proposed" ? (
              <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
                Keep this time instead
              </Button>
            ) : null}
          </Form>
        ) : (
          <div className="grid gap-2">
            {v.status === "proposed" ? (
              <Button onClick={() => answer.mutate({ action: "confirm" })} disabled={answer.isPending}>
                <BusyLabel busy={answer.isPending} icon={<CalendarCheck aria-hidden="true" />}>
                  Confirm this time
                </BusyLabel>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setAsking(true)}>
              <CalendarX aria-hidden="true" /> Ask for another time
            </Button>
          </div>
        )
      ) : null}
      <ActionError action={answer} fallback="That did not work. Please try again." />
    </div>
  );
}
