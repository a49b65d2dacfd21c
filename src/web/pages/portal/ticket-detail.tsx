import { formatDate, formatDateTime } from "@shared/format.ts";
import { paths, TICKET_REPLY_ANCHOR } from "@shared/paths.ts";
import type { TicketDetail } from "@shared/schemas/ticket.ts";
import { useQuery } from "@tanstack/react-query";
import { AttachmentThumbnails } from "@web/components/files/attachments.tsx";
import { BackLink } from "@web/components/layout/back-link.tsx";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { CoveredItemSummary } from "@web/components/status/covered-item.tsx";
import { PolicyStatusBadge } from "@web/components/status/policy-status-badge.tsx";
import { TicketPriorityBadge, TicketStatusBadge } from "@web/components/status/ticket-badges.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { TicketNotifications } from "@web/features/mail/ticket-notifications.tsx";
import { TicketRatingCard } from "@web/features/ratings/ticket-rating.tsx";
import { ticketQuery } from "@web/features/tickets/api.ts";
import { TicketMessageList } from "@web/features/tickets/ticket-message-list.tsx";
import { TicketReplyForm } from "@web/features/tickets/ticket-reply-form.tsx";
import { TicketTimeline } from "@web/features/tickets/ticket-timeline.tsx";
import { CustomerVisits } from "@web/features/visits/visit-cards.tsx";
import { errorStatus } from "@web/lib/api.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { ArrowRight, Lock, MessageSquarePlus, ShieldCheck } from "lucide-react";
import { Link } from "wouter";

function TicketNotFound({ path }: { path: string }) {
  return (
    <NotFoundState
      title="Ticket not found"
      message="We couldn't find this support ticket in your account. It may belong to another account, or the link may be wrong."
      path={path}
      backHref={paths.dashboard}
      backLabel="Back to Dashboard"
    />
  );
}

/** /tickets/{id}: the ticket, its policy, a timeline of status changes and the conversation. */
export function TicketDetailScreen({ id }: { id: number | null }) {
  const query = useQuery({ ...ticketQuery(id ?? 0), enabled: id !== null });
  const status = errorStatus(query.error);
  if (id === null || status === 404 || status === 400)
    return <TicketNotFound path={paths.ticket(id ?? "")} />;
  if (query.isPending) {
    return (
      <Container className="py-8 md:py-12">
        <LoadingRegion label="Loading ticket..." className="grid gap-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10 w-2/3" />
          <div className="grid gap-6 lg:grid-cols-3">
            <Skeleton className="h-80 lg:col-span-2" />
            <Skeleton className="h-80" />
          </div>
        </LoadingRegion>
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container className="py-12">
        <LoadError what="this ticket" onRetry={() => void query.refetch()} />
      </Container>
    );
  }
  return <TicketView detail={query.data} />;
}

function TicketView({ detail }: { detail: TicketDetail }) {
  const { ticket, purchase, planName, history, messages } = detail;
  const closed = ticket.status === "closed";
  return (
    <Container className="py-8 md:py-12">
      <PageMeta
        title={`Ticket #${ticket.id}`}
        description={ticket.subject}
        path={paths.ticket(ticket.id)}
        noindex
      />
      <BackLink href={paths.dashboard}>Back to Dashboard</BackLink>

      <header className="mt-4">
        <p className="text-sm font-medium text-muted-foreground">Support ticket #{ticket.id}</p>
        <h1 className="mt-1 font-display text-2xl font-bold text-balance md:text-3xl">{ticket.subject}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          <span className="text-muted-foreground">
            Raised <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time> · Last update{" "}
            <time dateTime={ticket.updatedAt} data-testid="ticket-last-update">
              {formatDateTime(ticket.updatedAt)}
            </time>
          </span>
        </div>
      </header>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Your request</h2>
            <CoveredItemSummary ticket={ticket} policyItem={detail.policyItem} className="mt-3" />
            <p className="mt-3 whitespace-pre-line break-words leading-relaxed">{ticket.description}</p>
            <AttachmentThumbnails
              items={detail.attachments.filter((a) => a.messageId === null)}
              className="mt-4"
            />
          </Card>

          <TicketRatingCard detail={detail} />

          {detail.visits.length ? (
            <Card className="p-6">
              <h2 className="text-lg font-semibold">Technician visits</h2>
              <p className="mt-1 text-sm text-muted-foreground">
                When our technician comes, and what came of each visit.
              </p>
              <div className="mt-5">
                <CustomerVisits
                  ticketId={ticket.id}
                  visits={detail.visits}
                  attachments={detail.attachments}
                  closed={closed}
                />
              </div>
            </Card>
          ) : null}

          <Card className="p-6">
            <h2 className="text-lg font-semibold">Conversation</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Messages between you and our support team, oldest first.
            </p>
            <TicketMessageList messages={messages} attachments={detail.attachments} className="mt-6" />
            <div className="mt-6 border-t pt-6">
              {closed ? (
                <div className="flex flex-col items-start gap-3 rounded-lg bg-muted p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
                  <p className="flex items-center gap-2">
                    <Lock aria-hidden="true" className="size-4" /> This ticket is closed. Need more help?
                    Raise a new ticket.
                  </p>
                  {purchase.userId === ticket.userId ? (
                    <Button asChild size="sm">
                      <Link href={`${paths.newTicket}?purchaseId=${purchase.id}`}>
                        <MessageSquarePlus aria-hidden="true" /> New Ticket
                      </Link>
                    </Button>
                  ) : null}
                </div>
              ) : (
                <div id={TICKET_REPLY_ANCHOR} className="scroll-mt-24">
                  <TicketReplyForm ticketId={ticket.id} />
                </div>
              )}
            </div>
          </Card>
        </div>

        <aside className="grid gap-6" aria-label="Ticket details">
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <ShieldCheck aria-hidden="true" className="size-5 text-primary" /> Policy
            </h2>
            <dl className="mt-4 grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Plan</dt>
                <dd className="font-medium">{planName} Plan</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Policy number</dt>
                <dd className="font-mono">{purchase.policyNumber}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Property</dt>
                <dd>
                  {purchase.propertyAddress}, {purchase.propertyCity}, {purchase.propertyState}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Cover</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  {formatDate(purchase.startDate)} – {formatDate(purchase.endDate)}
                  <PolicyStatusBadge status={purchase.status} />
                </dd>
              </div>
            </dl>
            {/* a policy transferred to the home's buyer is theirs now: the ticket stays, read-only for the policy */}
            {purchase.userId === ticket.userId ? (
              <Link
                href={paths.purchase(purchase.id)}
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
              >
                View policy <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            ) : (
              <p className="mt-4 text-sm text-muted-foreground" data-testid="policy-transferred">
                This policy has moved to the home's new owner.
              </p>
            )}
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Status history</h2>
            <TicketTimeline history={history} className="mt-5" />
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-semibold">E-mails about this ticket</h2>
            <div className="mt-5">
              <TicketNotifications ticketId={ticket.id} />
            </div>
          </Card>
        </aside>
      </div>
    </Container>
  );
}
