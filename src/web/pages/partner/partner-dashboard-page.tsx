import { paths } from "@shared/paths.ts";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { RequirePartner } from "@web/features/auth/guards.tsx";
import { usePartnerOverview } from "@web/features/partner/api.ts";
import { PartnerFrame } from "@web/features/partner/partner-frame.tsx";
import { PartnerClaimsList, PartnerPoliciesList } from "@web/features/partner/partner-lists.tsx";
import { QuotaMeter } from "@web/features/partner/quota-meter.tsx";
import { partnerScorecardQuery } from "@web/features/partner/reads.ts";
import { Scorecard } from "@web/features/partner/scorecard.tsx";
import { PartnerStatementsList, RunningStatementCard } from "@web/features/partner/statements-list.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { Plus } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useSearch } from "wouter";

export default function PartnerDashboardPage() {
  return (
    <RequirePartner>
      <PartnerFrame
        title="Partner dashboard"
        path={paths.partner}
        description="Your registrations, the homes you handed over and the claims on them."
        actions={
          <Button asChild>
            <Link href={paths.partnerHandover}>
              <Plus aria-hidden="true" /> Register a home
            </Link>
          </Button>
        }
      >
        <PartnerDashboard />
      </PartnerFrame>
    </RequirePartner>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" id={id}>
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** a read's placeholder while it loads, its failure in words, then its content */
function Loaded<T>({
  query,
  what,
  height,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  height: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={height} />;
  if (query.isError) {
    return (
      <Card role="alert" className="p-5 text-sm text-danger">
        {errorMessage(query.error, `${what} could not be loaded. Please reload the page.`)}
      </Card>
    );
  }
  return <>{children(query.data as T)}</>;
}

function PartnerDashboard() {
  const overview = usePartnerOverview();
  const scorecard = useQuery(partnerScorecardQuery());
  // the handover form comes back with the new policy's number: it is searched for and marked
  const registered = new URLSearchParams(useSearch()).get("registered") ?? undefined;
  useEffect(() => {
    if (registered) document.getElementById("homes")?.scrollIntoView({ block: "start" });
  }, [registered]);
  return (
    <div className="grid gap-10">
      <Loaded query={overview} what="Your organisation" height="h-40">
        {(data) => <QuotaMeter overview={data} />}
      </Loaded>
      <Part id="homes" title="Homes and policies">
        <PartnerPoliciesList highlight={registered} />
      </Part>
      <Part id="claims" title="Claims on your homes">
        <PartnerClaimsList />
      </Part>
      <Part id="scorecard" title="Root causes">
        <Loaded query={scorecard} what="The scorecard" height="h-64">
          {(data) => <Scorecard card={data} />}
        </Loaded>
      </Part>
      {/* the organisation's bills are its owners' business, as its users are; the server refuses members too */}
      {overview.data?.role === "owner" ? (
        <Part id="statements" title="Statements">
          <RunningStatementCard />
          <h3 className="mt-2 font-semibold">Issued statements</h3>
          <PartnerStatementsList />
        </Part>
      ) : null}
    </div>
  );
}
