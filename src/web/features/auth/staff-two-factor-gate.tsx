import { Container } from "@web/components/layout/section.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTwoFactorStatus } from "./two-factor-api.ts";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/**
 * When two-factor sign-in is required of all staff, a staff member without it sees the
 * enrolment here instead of the console (the API refuses the console's calls with 403 until
 * then). While the status loads the console renders as usual: its calls are refused anyway.
 */
export function StaffTwoFactorGate({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus();
  if (!status.data?.requiredForYou || status.data.enabled) return <>{children}</>;
  return (
    <Container className="py-10 md:py-16">
      <PageMeta
        title="Set up two-factor sign-in"
        description="Two-factor sign-in is required for staff."
        path="/admin"
        noindex
      />
      <Card className="mx-auto grid max-w-2xl gap-5 p-6 md:p-8">
        <div className="flex items-start gap-3">
          <ShieldAlert aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
          <div>
            <h1 className="font-display text-2xl font-bold">Set up two-factor sign-in</h1>
            <p className="mt-1 text-muted-foreground">
              Two-factor sign-in is required for all staff. Set it up to continue to the console.
            </p>
          </div>
        </div>
        <TwoFactorPanel />
      </Card>
    </Container>
  );
}
