import { paths } from "@shared/paths.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { EmailLinkPage } from "@web/components/layout/email-link-page.tsx";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiCall } from "@web/lib/api.ts";
import { useHashToken } from "@web/lib/use-hash-token.ts";
import { USER_QUERY_KEY } from "@web/lib/use-user.ts";
import { MailCheck } from "lucide-react";
import type { FormEvent } from "react";
import { Link } from "wouter";

/**
 * Where the link that proves an e-mail address leads. The token travels after the '#', so
 * it is never sent with the page request nor written in a log. The address is proved by a
 * press of the button, not by opening the page: mail scanners open links too.
 */
export default function ConfirmEmailPage() {
  const token = useHashToken();
  return (
    <EmailLinkPage
      title="Confirm your e-mail address"
      description="Confirm that this e-mail address is yours."
      path={paths.confirmEmail}
      icon={MailCheck}
    >
      {token === null ? null : token === "" ? (
        <p className="mt-4 text-sm text-muted-foreground">
          This page needs the link from your confirmation e-mail. Your profile sends a new one.
        </p>
      ) : (
        <ConfirmForm token={token} />
      )}
    </EmailLinkPage>
  );
}

function ConfirmForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => apiCall("POST /api/email/confirm", { body: { token } }),
    onSuccess: (user: PublicUser) => {
      // the link is spent: take it out of the address bar and the history
      window.history.replaceState(null, "", paths.confirmEmail);
      const signedIn = queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY);
      if (signedIn?.id === user.id) queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate();
  };
  if (confirm.data) {
    return (
      <div role="status" className="mt-4 grid gap-4">
        <p>
          <span className="font-semibold">{confirm.data.email}</span> is confirmed as your account's address.
        </p>
        <Button asChild className="justify-self-start">
          <Link href={paths.dashboard}>Go to your dashboard</Link>
        </Button>
      </div>
    );
  }
  return (
    <Form onSubmit={onSubmit} className="mt-4 grid gap-4">
      <p className="text-sm text-muted-foreground">
        Press the button to confirm that the address this link was sent to is yours.
      </p>
      <Button type="submit" className="justify-self-start" disabled={confirm.isPending}>
        <BusyLabel busy={confirm.isPending} icon={<MailCheck aria-hidden="true" />} busyText="Confirming...">
          Confirm this address
        </BusyLabel>
      </Button>
      <ActionError action={confirm} fallback="Could not confirm the address. Please try again." />
    </Form>
  );
}
