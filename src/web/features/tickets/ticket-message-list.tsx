import { formatDateTime } from "@shared/format.ts";
import type { Attachment } from "@shared/schemas/attachment.ts";
import type { TicketMessage } from "@shared/schemas/ticket.ts";
import { AttachmentThumbnails } from "@web/components/files/attachments.tsx";
import { cn } from "@web/lib/cn.ts";
import { Headset, LockKeyhole, MessagesSquare } from "lucide-react";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("") || "?";

/**
 * A ticket's conversation, oldest first (newest last), each message with its author and
 * time. Staff messages sit on the left with a "Support team" mark; the customer's on the
 * right. Internal notes (only ever present in admin answers) are flagged plainly.
 * Shared by the customer portal and the admin console.
 */
export function TicketMessageList({
  messages,
  attachments = [],
  emptyText = "No messages yet. Write below to start the conversation with our support team.",
  className,
}: {
  messages: TicketMessage[];
  /** the ticket's files: each message shows its own */
  attachments?: Attachment[];
  emptyText?: string;
  className?: string;
}) {
  if (messages.length === 0) {
    return (
      <div
        className={cn(
          "flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground",
          className,
        )}
      >
        <MessagesSquare aria-hidden="true" className="size-6" />
        <p>{emptyText}</p>
      </div>
    );
  }
  return (
    <ol className={cn("space-y-4", className)} aria-label="Conversation" data-testid="ticket-messages">
      {messages.map((m) => {
        const staff = m.author.role !== "customer";
        return (
          <li
            key={m.id}
            className={cn("flex gap-3", staff ? "flex-row" : "flex-row-reverse")}
            data-testid="ticket-message"
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                staff ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground",
              )}
            >
              {staff ? <Headset className="size-4" /> : initials(m.author.name)}
            </span>
            <article
              className={cn(
                "min-w-0 max-w-[85%] rounded-2xl border px-4 py-3 shadow-sm sm:max-w-[75%]",
                m.internal
                  ? "border-dashed border-amber-500/60 bg-amber-50 dark:bg-amber-950/40"
                  : staff
                    ? "rounded-tl-sm bg-card"
                    : "rounded-tr-sm border-primary/20 bg-secondary/60",
              )}
            >
              <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
                <span className="font-semibold text-foreground text-sm">{m.author.name}</span>
                {staff ? <span className="font-medium text-primary">Support team</span> : null}
                {m.internal ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-amber-900 dark:text-amber-200">
                    <LockKeyhole aria-hidden="true" className="size-3" /> Internal note
                  </span>
                ) : null}
                <time dateTime={m.createdAt} className="text-muted-foreground">
                  {formatDateTime(m.createdAt)}
                </time>
              </header>
              <p className="mt-1.5 whitespace-pre-line break-words text-sm leading-relaxed">{m.body}</p>
              <AttachmentThumbnails
                items={attachments.filter((a) => a.messageId === m.id)}
                className="mt-2"
              />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
