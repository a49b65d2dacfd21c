import { paths } from "@shared/paths.ts";
import { RequirePartner } from "@web/features/auth/guards.tsx";
import { HandoverForm } from "@web/features/partner/handover-form.tsx";
import { PartnerFrame } from "@web/features/partner/partner-frame.tsx";

export default function PartnerHandoverPage() {
  return (
    <RequirePartner>
      <PartnerFrame
        title="Register a home"
        path={paths.partnerHandover}
        description="A finished project: its policy is issued in your organisation's name and the homeowner is invited by e-mail."
      >
        <HandoverForm />
      </PartnerFrame>
    </RequirePartner>
  );
}
