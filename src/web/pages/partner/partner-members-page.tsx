import { paths } from "@shared/paths.ts";
import { Card } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { RequirePartner } from "@web/features/auth/guards.tsx";
import { usePartnerOverview } from "@web/features/partner/api.ts";
import { MembersPanel } from "@web/features/partner/members-panel.tsx";
import { PartnerFrame } from "@web/features/partner/partner-frame.tsx";
import { useUser } from "@web/lib/use-user.ts";

export default function PartnerMembersPage() {
  return (
    <RequirePartner>
      <PartnerFrame title="Users" path={paths.partnerMembers}>
        <Members />
      </PartnerFrame>
    </RequirePartner>
  );
}

/** owners manage the users; a member is told who can */
function Members() {
  const { user } = useUser();
  const overview = usePartnerOverview();
  if (overview.isPending || !user) return <Skeleton className="h-40" />;
  if (overview.data?.role !== "owner") {
    return (
      <Card role="note" className="p-5 text-sm">
        Only an owner of your organisation can manage its users. Please ask one of them.
      </Card>
    );
  }
  return <MembersPanel selfUserId={user.id} />;
}
