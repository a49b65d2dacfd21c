import { paths } from "@shared/paths.ts";
import { RequirePartner } from "@web/features/auth/guards.tsx";
import { ImportScreen } from "@web/features/partner/import-screen.tsx";
import { PartnerFrame } from "@web/features/partner/partner-frame.tsx";

/** /partner/import: a partner's user registers many homes from a CSV */
export default function PartnerImportPage() {
  return (
    <RequirePartner>
      <PartnerFrame
        title="Register homes from a spreadsheet"
        description="One row a home. You see every problem in the file before anything is registered; then all its homes are registered together, or none."
        path={paths.partnerImport}
      >
        <ImportScreen />
      </PartnerFrame>
    </RequirePartner>
  );
}
