import { COMPANY, NOT_SENT, telHref } from "@web/lib/company.ts";
import { CircleAlert } from "lucide-react";

/** the phone number, kept whole on a phone: a number broken across lines reads wrong */
function PhoneLink() {
  return (
    <a
      href={telHref(COMPANY.phones[0])}
      className="font-semibold whitespace-nowrap text-primary hover:underline"
    >
      {COMPANY.phones[0]}
    </a>
  );
}

/**
 * A failed submit, said at the form itself as well as in the toast: the toast appears in a
 * corner and fades after five seconds; this stays beside the button until the next try.
 * The phone number is a way forward when trying again does not help; a failure on our side
 * (NOT_SENT) names it already, so there it becomes the link and is not said twice.
 */
export function FormFailure({ title, message }: { title: string; message: string }) {
  const [before, after] = message === NOT_SENT ? NOT_SENT.split(COMPANY.phones[0]) : [message];
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
      data-testid="form-failure"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div>
        <p className="font-semibold text-danger">{title}</p>
        {after === undefined ? (
          <>
            <p className="mt-0.5">{message}</p>
            <p className="mt-1 text-muted-foreground">
              Still stuck? Call us on <PhoneLink /> (
              <span className="whitespace-nowrap">{COMPANY.shortHours}</span>).
            </p>
          </>
        ) : (
          <p className="mt-0.5">
            {before}
            <PhoneLink />
            {after}
          </p>
        )}
      </div>
    </div>
  );
}
