import { Container } from "@web/components/layout/section.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import { ShieldAlert } from "lucide-react";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/**
 * What a member of staff sees instead of a signed-in page while two-factor sign-in is
 * required of staff and theirs is off (the page guards decide when): its set-up. The API
 * refuses them every other call until then.
 */
export function StaffTwoFactorSetup() {
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
