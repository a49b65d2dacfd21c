import { COMPANY, telHref } from "@web/lib/company.ts";
import { CircleAlert } from "lucide-react";

/**
 * A failed submit, said at the form itself as well as in the toast: the toast appears in a
 * corner and fades after five seconds; this stays beside the button until the next try.
 * The phone number is a way forward when trying again does not help.
 */
export function FormFailure({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
      data-testid="form-failure"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div>
        <p className="font-semibold text-danger">{title}</p>
        <p className="mt-0.5">{message}</p>
        <p className="mt-1 text-muted-foreground">
          Still stuck? Call us on{" "}
          {/* kept whole on a phone: a number or an hour broken across lines reads wrong */}
          <a
            href={telHref(COMPANY.phones[0])}
            className="font-semibold whitespace-nowrap text-primary hover:underline"
          >
            {COMPANY.phones[0]}
          </a>{" "}
          (<span className="whitespace-nowrap">Mon–Fri 9–6,</span>{" "}
          <span className="whitespace-nowrap">Sat 9–4</span>).
        </p>
      </div>
    </div>
  );
}
