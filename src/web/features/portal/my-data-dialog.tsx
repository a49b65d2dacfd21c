import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { type EraseOutcome, KEPT_REASON_LABELS, PRIVACY_RESPONSE_DAYS } from "@shared/schemas/privacy.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { TitledDialog } from "@web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { ApiError, apiCall, apiPath, apiQuery, errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { setSignedInUser } from "@web/lib/use-user.ts";
import { Database, Download, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";

const sectionClass = "grid gap-3 border-t pt-5 first:border-t-0 first:pt-0";
const headingClass = "text-base font-semibold text-foreground";

/**
 * "My Data": the person's rights over what we hold about them, in one place. Download
 * everything (access), the marketing switch (consent given or withdrawn), and erasure with
 * the current password. Correction is Update Profile beside it.
 */
export function MyDataDialog() {
  return (
    <TitledDialog
      trigger={
        <Button variant="outline">
          <Database aria-hidden="true" /> My Data
        </Button>
      }
      title="My Data"
      description={
        <>
          See, correct and erase what we hold about you, and choose whether we send you offers. The{" "}
          <a href={paths.privacy} className="font-semibold text-primary hover:underline">
            Privacy Notice
          </a>{" "}
          explains what we keep and why.
        </>
      }
      className="max-h-[90dvh] max-w-xl overflow-y-auto"
    >
      <div className="grid gap-5">
        <section aria-labelledby="data-download-heading" className={sectionClass}>
          <h3 id="data-download-heading" className={headingClass}>
            Download my data
          </h3>
          <p className="text-sm text-muted-foreground">
            Your profile, policies and policy items, tickets with their messages, files, visits and ratings,
            invoices, renewals, sales, the e-mails we sent you, consents and sign-in history, as one JSON
            file. To correct your details, use Update Profile.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <a href={apiPath("GET /api/user/export")} download>
              <Download aria-hidden="true" /> Download my data
            </a>
          </Button>
        </section>
        <MarketingChoice />
        <EraseAccount />
      </div>
    </TitledDialog>
  );
}

function MarketingChoice() {
  const id = useId();
  const queryClient = useQueryClient();
  const consents = useQuery(apiQuery("GET /api/user/consents"));
  const change = useMutation({
    mutationFn: (given: boolean) =>
      apiCall("POST /api/user/consents", { body: { purpose: "marketing", given } }),
    onSuccess: (state) => {
      queryClient.setQueryData(apiQuery("GET /api/user/consents").queryKey, state);
      toast({
        title: state.marketing ? "Marketing turned on" : "Marketing turned off",
        description: state.marketing
          ? "We may send you offers and news. You can turn this off here at any time."
          : "We will not send you offers or news. Messages about your policies and tickets still come.",
      });
    },
    onError: (error) =>
      toast({
        title: "Could not save your choice",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  const latest = consents.data?.history.find((c) => c.purpose === "marketing");
  return (
    <section aria-labelledby={`${id}-title`} className={sectionClass}>
      <h3 id={`${id}-title`} className={headingClass}>
        Offers and news
      </h3>
      {consents.isPending ? (
        <Skeleton className="h-6 w-3/4" />
      ) : consents.isError ? (
        <p className="text-sm text-danger">Could not load your choice.</p>
      ) : (
        <>
          <label htmlFor={`${id}-marketing`} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              id={`${id}-marketing`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={change.isPending ? change.variables : consents.data.marketing}
              disabled={change.isPending}
              onChange={(e) => change.mutate(e.target.checked)}
            />
            <span>Send me offers and news about warranty plans.</span>
          </label>
          <p className="text-xs text-muted-foreground">
            {latest
              ? `${latest.given ? "Given" : "Withdrawn"} on ${formatDate(latest.createdAt)}.`
              : "You have not asked for offers."}{" "}
            Messages about your policies and tickets are not marketing and always come.
          </p>
        </>
      )}
    </section>
  );
}

function EraseAccount() {
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<EraseOutcome | null>(null);
  const erase = useMutation({
    mutationFn: () => apiCall("DELETE /api/user", { body: { password } }),
    onSuccess: (outcome) => {
      setPassword("");
      if (outcome.outcome === "erased") {
        // signed out with the account: nothing of it stays, as after a sign-out
        setSignedInUser(queryClient, null);
        toast({ title: "Account erased", description: outcome.message });
        navigate(paths.home);
      } else {
        setAnswer(outcome);
      }
    },
    onError: (err) => {
      const message =
        err instanceof ApiError && err.fieldErrors.password
          ? err.fieldErrors.password
          : errorMessage(err, "Could not erase your account. Please try again.");
      setError(message);
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError("Please enter your current password");
      return;
    }
    setError(undefined);
    erase.mutate();
  };
  return (
    <section aria-labelledby={`${id}-title`} className={sectionClass}>
      <h3 id={`${id}-title`} className={headingClass}>
        Erase my account
      </h3>
      {answer ? (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-accent/40 bg-accent-soft p-4 text-sm"
        >
          <p className="font-semibold text-foreground">Erasure requested</p>
          <p>{answer.message}</p>
          <ul className="grid gap-1 text-muted-foreground">
            {answer.kept.map((k) => (
              <li key={k} className="ml-5 list-disc">
                {KEPT_REASON_LABELS[k]}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            With no active cover and no open ticket, your account is erased at once and you are signed out.
            Otherwise we keep what your cover or claim needs, tell you what and why, and erase the rest within{" "}
            {PRIVACY_RESPONSE_DAYS} days. Policy and payment records stay, without your contact details, for
            the period the tax laws require.
          </p>
          <Form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Erase my account">
            <FormField id={`${id}-password`} label="Current Password" error={error}>
              <Input
                {...fieldA11y(`${id}-password`, { error })}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
            <Button
              type="submit"
              disabled={erase.isPending}
              className="justify-self-start bg-red-700 text-white hover:bg-red-800"
            >
              <BusyLabel busy={erase.isPending} icon={<Trash2 aria-hidden="true" />} busyText="Erasing...">
                Erase my account
              </BusyLabel>
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
