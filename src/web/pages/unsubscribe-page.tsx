import { paths } from "@shared/paths.ts";
import { useMutation } from "@tanstack/react-query";
import { EmailLinkPage } from "@web/components/layout/email-link-page.tsx";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiCall } from "@web/lib/api.ts";
import { BellOff } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * Where the unsubscribe link of a reminder leads. Opening it changes nothing (link scanners
 * open every link); the button does, with no sign-in.
 */
export default function UnsubscribePage() {
  const [query, setQuery] = useState<{ u: string; t: string } | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setQuery({ u: q.get("u") ?? "", t: q.get("t") ?? "" });
  }, []);
  const stop = useMutation({
    mutationFn: (q: { u: string; t: string }) =>
      apiCall("POST /api/unsubscribe", { query: { u: Number(q.u), t: q.t } }),
  });
  return (
    <EmailLinkPage
      title="Unsubscribe"
      description="Stop reminders and news by e-mail."
      path={paths.unsubscribe}
      icon={BellOff}
    >
      {stop.isSuccess ? (
        <p role="status" className="mt-4 text-sm">
          {stop.data.message}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted-foreground">
            Stop reminders before your policy ends, and news, by e-mail. E-mails about your tickets and
            policies still come.
          </p>
          <ActionError action={stop} fallback="Please try again." className="mt-3 text-sm text-danger" />
          <Button
            className="mt-6 w-full"
            disabled={!query || stop.isPending}
            onClick={() => query && stop.mutate(query)}
          >
            <BusyLabel busy={stop.isPending} icon={<BellOff aria-hidden="true" />}>
              Unsubscribe
            </BusyLabel>
          </Button>
        </>
      )}
    </EmailLinkPage>
  );
}
