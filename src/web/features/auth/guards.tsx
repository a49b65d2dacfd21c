import { paths } from "@shared/paths.ts";
import { isStaffRole } from "@shared/schemas/auth.ts";
import { useUser } from "@web/lib/use-user.ts";
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { authPathFor } from "./next-path.ts";
import { StaffTwoFactorGate } from "./staff-two-factor-gate.tsx";

/** The full-page spinner a guard shows while it learns who the visitor is. */
export function GuardSpinner({ label = "Loading your account…" }: { label?: string }) {
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
 * Signed-in guard: a spinner while the user loads; a guest is sent to /auth,
 * which brings them back here after logging in (/auth?next=/tickets/3).
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const here = useCurrentPath();
  if (isLoading) return <GuardSpinner />;
  if (!user) return <Redirect to={authPathFor(here)} replace />;
  return <>{children}</>;
}

/**
 * Admin guard: guests to /auth (and back after login), signed-in non-admins to /; staff
 * without two-factor sign-in, when it is required of staff, to its setup first.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const here = useCurrentPath();
  if (isLoading) return <GuardSpinner />;
  if (!user) return <Redirect to={authPathFor(here)} replace />;
  if (user.role !== "admin") return <Redirect to={paths.home} replace />;
  return <StaffTwoFactorGate>{children}</StaffTwoFactorGate>;
}

/**
 * Partner guard: a user of a B2B partner (the server still checks, on every call, that they
 * are one of its members); guests to /auth and back, anyone else to their own home.
 */
export function RequirePartner({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const here = useCurrentPath();
  if (isLoading) return <GuardSpinner />;
  if (!user) return <Redirect to={authPathFor(here)} replace />;
  if (user.role !== "partner") return <Redirect to={paths.home} replace />;
  return <>{children}</>;
}

/**
 * Staff guard: the office staff or a technician (the ticket pages a technician works on);
 * the server lets a technician reach only the tickets assigned to them.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const here = useCurrentPath();
  if (isLoading) return <GuardSpinner />;
  if (!user) return <Redirect to={authPathFor(here)} replace />;
  if (!isStaffRole(user.role)) return <Redirect to={paths.home} replace />;
  return <StaffTwoFactorGate>{children}</StaffTwoFactorGate>;
}
