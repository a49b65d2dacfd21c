import { type Actor, decideAccess } from "@shared/access.ts";
import type { Access } from "@shared/endpoints/define.ts";
import { paths } from "@shared/paths.ts";
import { isStaffRole } from "@shared/schemas/auth.ts";
import { useUser } from "@web/lib/use-user.ts";
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { authPathFor } from "./next-path.ts";
import { StaffTwoFactorSetup } from "./staff-two-factor-gate.tsx";
import { useTwoFactorStatus } from "./two-factor-api.ts";

/** The full-page spinner a guard shows while it learns who the visitor is. */
function GuardSpinner({ label = "Loading your account…" }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-live="polite">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary/25 border-t-primary motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

function useCurrentPath() {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/**
 * The visitor as the access decision sees them in the browser: the signed-in user, and for
 * staff whether two-factor sign-in is still to be set up while it is required of staff
 * (until that answer comes the page renders: its calls are refused by the server anyway).
 * A partner user's membership is not known here: the server checks it on every call.
 */
function useActor(): { actor: Actor | null; isLoading: boolean } {
  const { user, isLoading } = useUser();
  const staff = isStaffRole(user?.role);
  const status = useTwoFactorStatus(staff);
  if (!user) return { actor: null, isLoading };
  const mustEnrol = staff && status.data?.requiredForYou === true && !status.data.enabled;
  return { actor: { id: user.id, role: user.role, staffTwoFactorOk: !mustEnrol }, isLoading };
}

/**
 * The one page guard: what the visitor may see is decideAccess's answer for the page's
 * access, as for the API calls the page makes. A guest is sent to /auth, which brings them
 * back here after logging in (/auth?next=/tickets/3); a member of staff who must set up
 * two-factor sign-in gets its set-up instead of the page; anyone else the page is not for
 * goes to the home page.
 */
function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { actor, isLoading } = useActor();
  const here = useCurrentPath();
  if (isLoading) return <GuardSpinner />;
  const decision = decideAccess(actor, { access });
  if (decision.allowed) return <>{children}</>;
  if (decision.reason === "sign_in") return <Redirect to={authPathFor(here)} replace />;
  if (decision.reason === "staff_two_factor") return <StaffTwoFactorSetup />;
  return <Redirect to={paths.home} replace />;
}

/** Any signed-in person's page (the customer's portal) */
export const RequireUser = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="user">{children}</RequireAccess>
);

/** The office staff's console */
export const RequireOffice = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="office">{children}</RequireAccess>
);

/** A B2B partner's user */
export const RequirePartner = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="partner">{children}</RequireAccess>
);

/**
 * The office staff or a technician (the ticket pages a technician works on); the server
 * lets a technician reach only the tickets assigned to them.
 */
export const RequireStaff = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="staff">{children}</RequireAccess>
);
