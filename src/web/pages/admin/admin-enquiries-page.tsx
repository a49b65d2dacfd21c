import { paths } from "@shared/paths.ts";
import { EnquiryInbox } from "@web/features/admin/enquiry-inbox.tsx";
import { AdminPage } from "./admin-frame.tsx";

export default function AdminEnquiriesPage() {
  return (
    <AdminPage
      title="Enquiry Inbox"
      path={paths.adminEnquiries}
      description="Every enquiry from the site's forms, newest first. Follow each one up and record its status."
    >
      <EnquiryInbox />
    </AdminPage>
  );
}
