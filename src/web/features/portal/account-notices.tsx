import { formatDate } from "@shared/format.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { handoverInvitationQuestion } from "@shared/schemas/partner.ts";
import { useQuery } from "@tanstack/react-query";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { toast } from "@web/lib/toast.ts";
import { Check, Home, MailWarning, Send } from "lucide-react";
import { handoverInvitationsQuery, useAcceptHandover, useResendConfirmation } from "./api.ts";

/**
 * Says when the account's address is not yet proved, with a button that sends the link
 * again: until it is, a home a partner registers or a policy a seller hands over waits.
 */
export function AddressNotConfirmed({ user }: { user: PublicUser }) {
  const resend = useResendConfirmation();
  if (user.emailVerified) return null;
  // the answer is said here rather than in a toast, which a dialog over the page would hide
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-accent bg-accent-soft p-3 text-sm">
      <p className="flex items-start gap-2">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Your e-mail address <span className="font-semibold">{user.email}</span> is not yet confirmed. A home
          a partner registers for you, or a warranty a seller hands over to you, waits until you open the link
          we sent to it.
        </span>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        <BusyLabel busy={resend.isPending} icon={<Send aria-hidden="true" />} busyText="Sending...">
          Send the link again
        </BusyLabel>
      </Button>
      {resend.data ? <p>{resend.data.message}</p> : null}
      <ActionError action={resend} fallback="Could not send the link. Please try again." />
    </div>
  );
}

/** The homes partners registered for this address, each waiting for the homeowner to accept it */
export function HandoverInvitations() {
  const invitations = useQuery(handoverInvitationsQuery());
  const accept = useAcceptHandover();
  if (!invitations.data?.length) return null;
  return (
    <section aria-label="Homes waiting for you" className="mt-8 grid gap-3">
      {invitations.data.map((h) => (
        <Card key={h.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <Home aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{handoverInvitationQuestion(h.partnerName)}</p>
              <p className="text-sm text-muted-foreground">
                {h.planName} warranty for {h.propertyAddress}, {h.propertyCity}: {formatDate(h.startDate)} to{" "}
                {formatDate(h.endDate)} (policy {h.policyNumber})
              </p>
            </div>
          </div>
          <Button
            type="button"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(h.id, {
                onSuccess: () =>
                  toast({
                    title: "Policy accepted",
                    description: `${h.policyNumber} is now in your policies.`,
                  }),
                onError: () =>
                  toast({
                    title: "Could not accept",
                    description: "Please try again.",
                    variant: "destructive",
                  }),
              })
            }
          >
            <Check aria-hidden="true" /> Accept
          </Button>
        </Card>
      ))}
    </section>
  );
}
