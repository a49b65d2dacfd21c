import { formatDate } from "@shared/format.ts";
import type { PartnerClaim, PartnerPolicy } from "@shared/schemas/partner.ts";
import { coveredItemLabel } from "@shared/schemas/policy-items.ts";
import type { SlaState } from "@shared/schemas/sla.ts";
import { TICKET_STATUSES } from "@shared/schemas/ticket.ts";
import { useQuery } from "@tanstack/react-query";
import { SearchBox, toOptions, ViewFilterSelect } from "@web/components/lists/filter-controls.tsx";
import { emptyList, StatusQueue } from "@web/components/lists/paged-list.tsx";
import { type ListView, useListSearch, useListView } from "@web/components/lists/use-list-view.ts";
import { PolicyItems } from "@web/components/policy-items/policy-items.tsx";
import { PolicyStatusBadge } from "@web/components/status/policy-status-badge.tsx";
import { TICKET_STATUS_LABELS, TicketStatusBadge } from "@web/components/status/ticket-badges.tsx";
import { Badge, type BadgeTone } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { TitledDialog } from "@web/components/ui/dialog.tsx";
import { cn } from "@web/lib/cn.ts";
import { usePagedQuery } from "@web/lib/paged-query.ts";
import { b2cPlansQuery } from "@web/lib/plans.ts";
import { Camera, Home, MessageSquareWarning, Star } from "lucide-react";
import { CLAIM_LIST, POLICY_LIST, partnerClaimsQuery, partnerPoliciesQuery } from "./reads.ts";

/** the list's search box, committed after a pause */
function ListSearch({ view, label, placeholder }: { view: ListView; label: string; placeholder: string }) {
  const { draft, setDraft } = useListSearch(view);
  return (
    <SearchBox
      label={label}
      value={draft}
      onChange={setDraft}
      placeholder={placeholder}
      className="w-full sm:w-80"
    />
  );
}

/**
 * The partner's homes (their policies), newest registration first, ten to a page; search by
 * policy number or the homeowner's name or e-mail. A registration just made is found by its
 * number (the form comes back here with it in the search) and marked.
 */
export function PartnerPoliciesList({ highlight }: { highlight?: string }) {
  const view = useListView(POLICY_LIST);
  const policies = usePagedQuery(partnerPoliciesQuery(view.get));
  return (
    <StatusQueue
      query={policies}
      view={view}
      limit={10}
      noun={["home", "homes"]}
      label="Registered homes"
      empty={emptyList(Boolean(view.get("q")), {
        icon: <Home aria-hidden="true" />,
        none: {
          title: "No homes registered yet",
          text: "Register a finished project and its policy appears here.",
        },
        noMatch: {
          title: "No home matches",
          text: "Search by policy number, or the homeowner's name or e-mail.",
        },
      })}
      filters={<ListSearch view={view} label="Search homes" placeholder="Policy number, name or e-mail" />}
      row={(p) => <PolicyRow policy={p} highlight={p.policyNumber === highlight} />}
    />
  );
}

/**
 * The home's policy items in a dialog, for adding handover photos to the items the partner
 * registered; the plan's features say which items it covers.
 */
function HandoverPhotos({ policy }: { policy: PartnerPolicy }) {
  const plans = useQuery(b2cPlansQuery());
  const features = plans.data?.find((x) => x.plan.id === policy.planId)?.features ?? [];
  return (
    <TitledDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Handover photos of ${policy.policyNumber}`}>
          <Camera aria-hidden="true" /> Handover photos
        </Button>
      }
      title="Handover photos"
      description={`${policy.policyNumber} · ${policy.propertyAddress}, ${policy.propertyCity}`}
      className="max-h-[90dvh] max-w-2xl overflow-y-auto"
    >
      <PolicyItems
        purchaseId={policy.id}
        features={features}
        writable={policy.status !== "cancelled"}
        staff={false}
        photosOnly
      />
    </TitledDialog>
  );
}

function PolicyRow({ policy: p, highlight }: { policy: PartnerPolicy; highlight: boolean }) {
  return (
    <li
      className={cn("grid gap-1 px-4 py-3", highlight && "bg-emerald-50 dark:bg-emerald-950/40")}
      data-testid={`partner-policy-${p.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold">{p.policyNumber}</span>
        <PolicyStatusBadge status={p.status} />
        {p.overQuota ? <Badge tone="waiting">Past quota · billed</Badge> : null}
        {highlight ? <Badge variant="outline">Just registered</Badge> : null}
        {p.soldOn ? <Badge variant="outline">Home sold {formatDate(p.soldOn)}</Badge> : null}
      </div>
      <p className="text-sm break-words">
        <span className="font-medium">{p.homeowner.name}</span>{" "}
        <span className="text-muted-foreground">{p.homeowner.email}</span>
      </p>
      <p className="text-sm break-words text-muted-foreground">
        {p.propertyAddress}, {p.propertyCity} · {p.planName} · cover {formatDate(p.startDate)} to{" "}
        {formatDate(p.endDate)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {p.installer ? `Fitted by ${p.installer} · ` : ""}
          Registered {formatDate(p.createdAt)}
          {p.registeredBy ? ` by ${p.registeredBy}` : ""}
        </p>
        {/* the policy items are its new owner's once it is sold */}
        {p.soldOn ? null : <HandoverPhotos policy={p} />}
      </div>
    </li>
  );
}

const SLA_LABELS: Record<SlaState, string> = {
  due: "Within service level",
  breached: "Service level missed",
  met: "Service level met",
};

const SLA_TONES: Record<SlaState, BadgeTone> = {
  due: "info",
  breached: "alarm",
  met: "done",
};

/**
 * Claims raised on the partner's homes, newest first: what failed, where it stands, whether
 * the office kept its service level, and how the homeowner rated the repair.
 */
export function PartnerClaimsList() {
  const view = useListView(CLAIM_LIST);
  const claims = usePagedQuery(partnerClaimsQuery(view.get));
  return (
    <StatusQueue
      query={claims}
      view={view}
      limit={10}
      noun={["claim", "claims"]}
      label="Claims on your homes"
      empty={{
        icon: <MessageSquareWarning aria-hidden="true" />,
        title: view.get("q") || view.get("status") ? "No claim matches" : "No claims yet",
        text: "When a homeowner raises a claim on a home you registered, it appears here.",
      }}
      filters={
        <>
          <ViewFilterSelect
            view={view}
            name="status"
            label="Status"
            options={toOptions(TICKET_STATUSES, TICKET_STATUS_LABELS)}
            allLabel="All statuses"
            className="w-full sm:w-44"
          />
          <ListSearch view={view} label="Search claims" placeholder="Ticket number or policy number" />
        </>
      }
      row={(c) => <ClaimRow claim={c} />}
    />
  );
}

function ClaimRow({ claim: c }: { claim: PartnerClaim }) {
  const item = c.coveredItem ? coveredItemLabel(c.coveredItem) : "Item not named";
  return (
    <li className="grid gap-1 px-4 py-3" data-testid={`partner-claim-${c.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold">#{c.id}</span>
        <TicketStatusBadge status={c.status} />
        {c.sla ? (
          <Badge tone={SLA_TONES[c.sla]} data-testid="claim-sla">
            {SLA_LABELS[c.sla]}
          </Badge>
        ) : null}
        {c.rating !== null ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium" data-testid="claim-rating">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            Rated {c.rating} of 5
          </span>
        ) : null}
      </div>
      <p className="text-sm break-words">
        <span className="font-medium">{item}</span>
        {c.item ? (
          <span className="text-muted-foreground">
            {" "}
            · {c.item.room}
            {c.item.brand ? ` · ${c.item.brand}` : ""}
          </span>
        ) : null}
      </p>
      <p className="text-xs text-muted-foreground">
        <span className="font-mono">{c.policyNumber}</span> · {c.homeownerFirstName} · raised{" "}
        {formatDate(c.createdAt)}
      </p>
    </li>
  );
}
