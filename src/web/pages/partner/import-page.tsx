import { RequireUser } from "@web/features/auth/guards.tsx";
import { ImportScreen } from "@web/features/partner/import-screen.tsx";

/** /partner/import: a partner's user registers many homes from a CSV */
export default function PartnerImportPage() {
  return (
    <RequireUser>
      <ImportScreen />
    </RequireUser>
  );
}
