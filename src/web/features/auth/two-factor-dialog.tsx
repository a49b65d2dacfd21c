import { FormDialog } from "@web/components/forms/form-dialog.tsx";
import { ShieldCheck } from "lucide-react";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/** "Two-factor sign-in", beside Change Password in the dashboard. */
export function TwoFactorDialog() {
  return (
    <FormDialog
      icon={ShieldCheck}
      trigger="Two-factor sign-in"
      title="Two-factor sign-in"
      description="Ask for a code from your phone as well as your password when you sign in."
      className="max-w-xl"
      form={() => <TwoFactorPanel />}
    />
  );
}
