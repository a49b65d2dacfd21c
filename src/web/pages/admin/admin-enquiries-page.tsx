import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { EnquiryInbox } from "@web/features/admin/enquiry-inbox.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";

export default function AdminEnquiriesPage() {
  return (
    <RequireAdmin>
      <AdminShell
        title="Enquiry Inbox"
        path={paths.adminEnquiries}
        description="Every enquiry from the site's forms, newest first. Follow each one up and record its status."
        back={{ href: paths.admin, label: "Dashboard" }}
      >
        <EnquiryInbox />
      </AdminShell>
    </RequireAdmin>
  );
}
