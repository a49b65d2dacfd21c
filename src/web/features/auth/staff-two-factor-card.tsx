import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { Loader2, Users } from "lucide-react";
import { staffRuleQuery, useSetStaffRule } from "./two-factor-api.ts";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/**
 * The console's Security page: the staff member's own two-factor sign-in, and the rule that
 * requires it of every staff member (turned on only by someone who has it on already).
 */
export function StaffTwoFactorCard() {
  return (
    <Card className="grid gap-6 p-5 md:grid-cols-2 md:p-6">
      <section aria-labelledby="own-2fa" className="grid content-start gap-3">
        <h2 id="own-2fa" className="font-display text-lg font-bold">
          Your two-factor sign-in
        </h2>
        <TwoFactorPanel />
      </section>
      <section
        aria-labelledby="staff-2fa"
        className="grid content-start gap-3 border-t pt-6 md:border-t-0 md:border-l md:pt-0 md:pl-6"
      >
        <h2 id="staff-2fa" className="font-display text-lg font-bold">
          All staff
        </h2>
        <StaffRule />
      </section>
    </Card>
  );
}

function StaffRule() {
  const rule = useQuery(staffRuleQuery());
  const set = useSetStaffRule();
  if (rule.isPending) return <Loader2 aria-label="Loading" className="size-4 animate-spin" />;
  if (rule.isError) return <p className="text-sm text-muted-foreground">Could not load the staff rule.</p>;
  const on = rule.data.requiredForStaff;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        {on
          ? "Two-factor sign-in is required for all staff. Staff without it are asked to set it up before they can use the console."
          : "Two-factor sign-in is optional for staff. Requiring it asks every staff member without it to set it up at their next visit to the console."}
      </p>
      <Button
        type="button"
        variant={on ? "outline" : "default"}
        className="justify-self-start"
        disabled={set.isPending}
        onClick={() =>
          set.mutate(!on, {
            onSuccess: (answer) =>
              toast({
                title: answer.requiredForStaff
                  ? "Two-factor sign-in is now required for staff"
                  : "Two-factor sign-in is now optional for staff",
              }),
            onError: (error) =>
              toast({
                title: "Could not change the staff rule",
                description: errorMessage(error, "Please try again."),
                variant: "destructive",
              }),
          })
        }
      >
        {set.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Users aria-hidden="true" />
        )}
        {on ? "Stop requiring it for staff" : "Require for all staff"}
      </Button>
    </div>
  );
}
