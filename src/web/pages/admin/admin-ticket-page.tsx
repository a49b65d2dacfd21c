import { formatDateTime, formatPaise, formatShortDate } from "@shared/format.ts";
import { parseId } from "@shared/ids.ts";
import { paths } from "@shared/paths.ts";
import type { AdminTicketDetail } from "@shared/schemas/ticket.ts";
import { formatVisitSlot, STAFF_VISIT_STATUS_LABELS, VISIT_OUTCOME_LABELS } from "@shared/schemas/visit.ts";
import { AttachmentThumbnails } from "@web/components/files/attachments.tsx";
import { formatAgo, fullName } from "@web/components/lists/labels.ts";
import { TICKET_VIEW, useRememberedView } from "@web/components/lists/use-list-view.ts";
import { CoveredItemSummary, NotInPlanBadge } from "@web/components/status/covered-item.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { useAdminTicket } from "@web/features/admin/api.ts";
import { StaffComposer } from "@web/features/admin/staff-composer.tsx";
import { PolicyStatusBadge, PriorityBadge, TicketStatusBadge } from "@web/features/admin/status-badges.tsx";
import { TicketControls } from "@web/features/admin/ticket-controls.tsx";
import { RequireStaff } from "@web/features/auth/guards.tsx";
import { TicketNotifications } from "@web/features/mail/ticket-notifications.tsx";
import { StaffRating } from "@web/features/ratings/ticket-rating.tsx";
import { ServiceLevelPanel } from "@web/features/sla/service-level-panel.tsx";
import { StaffAttachmentUpload } from "@web/features/tickets/attachments-staff.tsx";
import { TicketMessageList } from "@web/features/tickets/ticket-message-list.tsx";
import { TicketTimeline } from "@web/features/tickets/ticket-timeline.tsx";
import { StaffVisits } from "@web/features/visits/visit-cards.tsx";
import { mapsHref, telHref } from "@web/lib/company.ts";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { useUser } from "@web/lib/use-user.ts";
import {
  CalendarClock,
  FileText,
  History,
  LifeBuoy,
  Mail,
  MapPin,
  MessagesSquare,
  Navigation,
  Phone,
  SlidersHorizontal,
  Star,
  Timer,
  User,
  Wrench,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { AdminRecordPage } from "./admin-frame.tsx";

export default function AdminTicketPage({ params }: PageProps) {
  return (
    <RequireStaff>
      <AdminTicket id={parseId(params.id)} raw={params.id} />
    </RequireStaff>
  );
}

type Back = { href: string; label: string; state?: unknown };

function AdminTicket({ id, raw }: { id: number | null; raw: string }) {
  const path = paths.adminTicket(raw);
  // back to the queue as it was left: its filters, sort and page
  const technician = useUser().user?.role === "technician";
  const remembered = useRememberedView(TICKET_VIEW, paths.admin);
  const back = technician
    ? { href: paths.adminTickets, label: "My tickets" }
    : { ...remembered, label: "All tickets" };
  return (
    <AdminRecordPage
      id={id}
      path={path}
      back={back}
      noun="ticket"
      icon={<LifeBuoy aria-hidden="true" />}
      missingHint="Check the ticket number, or go back to the ticket list."
      loadingTitle={`Ticket #${id}`}
      skeleton={
        <>
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </>
      }
      skeletonClassName="lg:grid-cols-[1fr_22rem]"
      useRecord={useAdminTicket}
    >
      {(detail) => <TicketView detail={detail} path={path} back={back} />}
    </AdminRecordPage>
  );
}

function Panel({
  title,
  icon,
  children,
  className,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <h2 className="flex items-center gap-2 border-b px-4 py-3 text-sm font-bold [&_svg]:size-4 [&_svg]:text-muted-foreground">
        {icon}
        {title}
      </h2>
      <div className="p-4">{children}</div>
    </Card>
  );
}

/** the ticket's number, status, priority and age, under its subject */
function TicketFacts({ ticket: t }: { ticket: AdminTicketDetail["ticket"] }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono">#{t.id}</span>
      <TicketStatusBadge status={t.status} />
      <PriorityBadge priority={t.priority} />
      {t.coveredByPlan === false ? <NotInPlanBadge /> : null}
      <span>
        Raised <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time> ({formatAgo(t.createdAt)})
      </span>
    </span>
  );
}

/** what the customer wrote, with the covered item and the photos they sent with it */
function DescriptionPanel({ detail }: { detail: AdminTicketDetail }) {
  const t = detail.ticket;
  return (
    <Panel title="Customer's description" icon={<FileText aria-hidden="true" />}>
      <CoveredItemSummary ticket={t} policyItem={detail.policyItem} staff className="mb-3" />
      <p className="text-sm leading-relaxed break-words whitespace-pre-line">{t.description}</p>
      <AttachmentThumbnails items={detail.attachments.filter((a) => a.messageId === null)} className="mt-3" />
    </Panel>
  );
}

/** the messages, and the reply box with its files */
function ConversationPanel({ detail }: { detail: AdminTicketDetail }) {
  const { ticket: t, customer: c } = detail;
  return (
    <Panel title="Conversation" icon={<MessagesSquare aria-hidden="true" />}>
      <div className="grid gap-5">
        <TicketMessageList
          messages={detail.messages}
          attachments={detail.attachments}
          emptyText="No messages yet. Reply to the customer or add an internal note below."
        />
        <StaffComposer ticketId={t.id} customerName={c.firstName || fullName(c)} focusOnHash="reply" />
        <StaffAttachmentUpload ticketId={t.id} />
      </div>
    </Panel>
  );
}

function TicketView({ detail, path, back }: { detail: AdminTicketDetail; path: string; back: Back }) {
  const { ticket: t, customer: c, purchase: p } = detail;
  // a technician works the ticket (replies, visits) from a phone, and does not manage it: the
  // office's panels (controls, the customer's record, e-mails) are not theirs
  const technician = useUser().user?.role === "technician";
  const address = [c.address, c.city, c.state, c.pincode].filter(Boolean).join(", ");
  return (
    <AdminShell
      title={t.subject}
      metaTitle={`Ticket #${t.id}`}
      path={path}
      back={back}
      description={<TicketFacts ticket={t} />}
    >
      {technician ? (
        <TechnicianTicket detail={detail} />
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[minmax(0,1fr)_17rem] lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid grid-cols-1 gap-6">
            <DescriptionPanel detail={detail} />
            <ConversationPanel detail={detail} />
            <Panel title="Technician visits" icon={<Wrench aria-hidden="true" />}>
              <StaffVisits
                ticketId={t.id}
                visits={detail.visits}
                attachments={detail.attachments}
                active={t.status === "open" || t.status === "in_progress"}
                visitor={detail.assignee}
              />
            </Panel>
          </div>
          <div className="grid grid-cols-1 gap-6">
            <Panel title="Service level" icon={<Timer aria-hidden="true" />}>
              <ServiceLevelPanel
                ticketId={t.id}
                sla={detail.sla}
                active={t.status === "open" || t.status === "in_progress"}
              />
            </Panel>
            <Panel title="Manage ticket" icon={<SlidersHorizontal aria-hidden="true" />}>
              <TicketControls detail={detail} />
            </Panel>
            <Panel title="Customer" icon={<User aria-hidden="true" />}>
              <div className="grid gap-2 text-sm">
                <Link href={paths.adminCustomer(c.id)} className="font-semibold text-primary hover:underline">
                  {fullName(c)}
                </Link>
                <a
                  href={`mailto:${c.email}`}
                  className="flex items-center gap-2 break-all hover:text-primary"
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" /> {c.email}
                </a>
                {c.phone ? (
                  <a
                    href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}
                    className="flex items-center gap-2 hover:text-primary"
                  >
                    <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" /> {c.phone}
                  </a>
                ) : null}
                {address ? (
                  <p className="flex items-start gap-2">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />{" "}
                    {address}
                  </p>
                ) : null}
              </div>
            </Panel>
            <Panel title="Policy" icon={<FileText aria-hidden="true" />}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">Number</dt>
                <dd className="font-mono text-xs leading-5 font-semibold">{p.policyNumber}</dd>
                <dt className="text-muted-foreground">Plan</dt>
                <dd>{detail.planName}</dd>
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  <PolicyStatusBadge status={p.status} />
                </dd>
                <dt className="text-muted-foreground">Cover</dt>
                <dd>
                  {formatShortDate(p.startDate)} to {formatShortDate(p.endDate)}
                </dd>
                <dt className="text-muted-foreground">Amount</dt>
                <dd>{formatPaise(p.totalAmount)}</dd>
                <dt className="text-muted-foreground">Property</dt>
                <dd>
                  {[p.propertyAddress, p.propertyCity, p.propertyState, p.propertyPincode]
                    .filter(Boolean)
                    .join(", ")}
                </dd>
              </dl>
            </Panel>
            <Panel title="Customer's rating" icon={<Star aria-hidden="true" />}>
              <StaffRating detail={detail} />
            </Panel>
            <Panel title="Status history" icon={<History aria-hidden="true" />}>
              <TicketTimeline history={detail.history} />
            </Panel>
            <Panel title="E-mails" icon={<Mail aria-hidden="true" />}>
              <TicketNotifications ticketId={detail.ticket.id} staff />
            </Panel>
          </div>
        </div>
      )}
    </AdminShell>
  );
}

/**
 * A technician's ticket, built for a phone at the customer's door: first the job (when the
 * visit is, where, a button for directions and one to call), then what the customer wrote
 * with their photos, the visits (propose a time, record the outcome), and the conversation.
 * One column at every width; nothing that only the office uses.
 */
function TechnicianTicket({ detail }: { detail: AdminTicketDetail }) {
  const { ticket: t, customer: c, purchase: p } = detail;
  const active = t.status === "open" || t.status === "in_progress";
  // the visit is at the insured home; the customer's own address only when the policy has none
  const place =
    [p.propertyAddress, p.propertyCity, p.propertyState, p.propertyPincode].filter(Boolean).join(", ") ||
    [c.address, c.city, c.state, c.pincode].filter(Boolean).join(", ");
  // the visit being arranged, else the last one made (its outcome)
  const visit = detail.visits.find((v) => v.status !== "completed") ?? detail.visits.at(-1);
  const name = c.firstName || fullName(c);
  return (
    <div className="grid max-w-2xl grid-cols-1 gap-4">
      <Card className="grid gap-4 p-4" data-testid="job-card">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-sm font-bold text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-4" /> Visit
          </h2>
          {visit ? (
            <p className="text-lg font-semibold" data-testid="job-visit">
              {formatVisitSlot(visit.startsAt, visit.endsAt)}
              <span className="block text-sm font-medium text-muted-foreground">
                {visit.status === "completed" && visit.outcome
                  ? `Outcome: ${VISIT_OUTCOME_LABELS[visit.outcome]}`
                  : STAFF_VISIT_STATUS_LABELS[visit.status]}
              </span>
            </p>
          ) : (
            <p className="text-sm" data-testid="job-visit">
              No visit arranged yet.{" "}
              {active ? (
                <a href="#visits" className="font-semibold text-primary hover:underline">
                  Propose a time
                </a>
              ) : null}
            </p>
          )}
        </div>
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-sm font-bold text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4" /> {fullName(c)}
          </h2>
          <p className="break-words" data-testid="job-address">
            {place || "No address on record: please call the customer."}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2">
          {place ? (
            <Button asChild variant="outline" className="h-11">
              <a href={mapsHref(place)} target="_blank" rel="noopener noreferrer">
                <Navigation aria-hidden="true" /> Directions
              </a>
            </Button>
          ) : null}
          {c.phone ? (
            <Button asChild className="h-11">
              <a href={telHref(c.phone)} aria-label={`Call ${name} on ${c.phone}`}>
                <Phone aria-hidden="true" /> Call {name}
              </a>
            </Button>
          ) : null}
        </div>
      </Card>
      <DescriptionPanel detail={detail} />
      <div id="visits" className="scroll-mt-24">
        <Panel title="Technician visits" icon={<Wrench aria-hidden="true" />}>
          <StaffVisits
            ticketId={t.id}
            visits={detail.visits}
            attachments={detail.attachments}
            active={active}
            visitor={detail.assignee}
          />
        </Panel>
      </div>
      <ConversationPanel detail={detail} />
      <Panel title="Policy" icon={<FileText aria-hidden="true" />}>
        <p className="text-sm">
          <span className="font-mono text-xs font-semibold">{p.policyNumber}</span> · {detail.planName} ·{" "}
          <PolicyStatusBadge status={p.status} />
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          Cover {formatShortDate(p.startDate)} to {formatShortDate(p.endDate)}
        </p>
      </Panel>
      <Panel title="Status history" icon={<History aria-hidden="true" />}>
        <TicketTimeline history={detail.history} />
      </Panel>
    </div>
  );
}
