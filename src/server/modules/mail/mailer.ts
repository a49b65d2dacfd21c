import nodemailer from "nodemailer";
import { PermanentJobError } from "../jobs/queue.ts";

/** A problem no retry can fix (a malformed address): the job stops at once. */
export class PermanentMailError extends PermanentJobError {}

interface OutgoingMail {
  /** one address, or several (an alert to every staff member) */
  to: string | string[];
  /** the recipient's name, shown beside the address */
  toName?: string;
  subject: string;
  html: string;
  text: string;
  /** stable per job: a message sent twice after a crash is recognisably the same one */
  messageId: string;
  headers?: Record<string, string>;
  /** a calendar invitation (RFC 5545, METHOD:REQUEST): sent as the text/calendar part calendars read */
  calendar?: string;
}

export interface Mailer {
  /** "smtp": handed to the mail server; "outbox": kept in the database only */
  kind: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const ADDRESS = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;

/**
 * Names and subjects come from what people typed (a name on an enquiry, a ticket's subject).
 * A line break in a header would start a new header (a Bcc of the writer's choosing), so
 * every run of line breaks and other control characters becomes one space.
 */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/** A recipient's address must be exactly one address; anything else is refused. */
function checkAddress(address: string): string {
  const a = address.trim();
  if (!ADDRESS.test(a)) throw new PermanentMailError("The recipient's e-mail address is not valid");
  return a;
}

/** The SMTP server named by SMTP_URL, or, without one, nothing (the e-mail stays in the Outbox). */
export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  if (!options.smtpUrl) {
    // the same checks as a real send, so the Outbox shows what SMTP would have refused
    return {
      kind: "outbox",
      send: async (mail) => {
        for (const a of Array.isArray(mail.to) ? mail.to : [mail.to]) checkAddress(a);
      },
      close: () => {},
    };
  }
  // a few connections kept open: hundreds of e-mails a second from one process
  const transport = nodemailer.createTransport(options.smtpUrl, {
    pool: true,
    maxConnections: 5,
    maxMessages: 1000,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  } as object);
  return {
    kind: "smtp",
    async send(mail) {
      const list = Array.isArray(mail.to) ? mail.to.map(checkAddress) : [checkAddress(mail.to)];
      if (list.length === 0) throw new PermanentMailError("The e-mail has no recipient");
      await transport.sendMail({
        from: options.from,
        to: list.length === 1 && mail.toName ? { name: oneLine(mail.toName), address: list[0] } : list,
        subject: oneLine(mail.subject),
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.calendar
          ? { icalEvent: { method: "REQUEST", filename: "visit.ics", content: mail.calendar } }
          : {}),
        headers: Object.fromEntries(
          Object.entries(mail.headers ?? {}).map(([k, v]) => [oneLine(k), oneLine(v)]),
        ),
      });
    },
    close: () => transport.close(),
  };
}
