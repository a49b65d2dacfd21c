import { formatShortDate } from "@shared/format.ts";
import { parseId } from "@shared/ids.ts";
import { paths } from "@shared/paths.ts";
import { fullName } from "@web/components/lists/labels.ts";
import { Card } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { type AdminCustomerDetail, useAdminCustomer } from "@web/features/admin/api.ts";
import { IssuePolicyDialog } from "@web/features/admin/issue-policy-dialog.tsx";
import { PoliciesPanel } from "@web/features/admin/policies-panel.tsx";
import { CustomerTicketsPanel } from "@web/features/admin/tickets-panel.tsx";
import { RequireOffice } from "@web/features/auth/guards.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { FileText, LifeBuoy, Mail, MapPin, Phone, User } from "lucide-react";
import { AdminRecordPage } from "./admin-frame.tsx";

export default function AdminCustomerPage({ params }: PageProps) {
  const path = paths.adminCustomer(params.id);
  return (
    <RequireOffice>
      <AdminRecordPage
        id={parseId(params.id)}
        path={path}
        back={back}
        noun="customer"
        icon={<User aria-hidden="true" />}
        missingHint="Go back to the customer list to find them by name or e-mail."
        skeleton={
          <>
            <Skeleton className="h-32" />
            <Skeleton className="h-64" />
          </>
        }
        useRecord={useAdminCustomer}
      >
        {(data) => <CustomerView data={data} path={path} />}
      </AdminRecordPage>
    </RequireOffice>
  );
}

const back = { href: paths.adminCustomers, label: "All customers" };

function CustomerView({ data, path }: { data: AdminCustomerDetail; path: string }) {
  const { customer: c } = data;
  const address = [c.address, c.city, c.state, c.pincode].filter(Boolean).join(", ");
  return (
    <AdminShell
      title={fullName(c)}
      path={path}
      back={back}
      description={`@${c.username} · customer since ${formatShortDate(c.createdAt)}`}
      actions={<IssuePolicyDialog customer={c} />}
    >
      <div className="grid grid-cols-1 gap-6">
        <Card className="grid gap-3 p-4 text-sm sm:grid-cols-3">
          <a href={`mailto:${c.email}`} className="flex items-center gap-2 break-all hover:text-primary">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" /> {c.email}
          </a>
          <p className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {c.phone ? (
              <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`} className="hover:text-primary">
                {c.phone}
              </a>
            ) : (
              <span className="text-muted-foreground">No phone</span>
            )}
          </p>
          <p className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            {address || <span className="text-muted-foreground">No address</span>}
          </p>
        </Card>

        <section aria-labelledby="customer-policies">
          <h2 id="customer-policies" className="mb-3 flex items-center gap-2 text-lg font-bold">
            <FileText aria-hidden="true" className="size-5 text-muted-foreground" /> Policies
            <span className="text-sm font-normal text-muted-foreground">({c.policyCount})</span>
          </h2>
          <PoliciesPanel customerId={c.id} />
        </section>

        <section aria-labelledby="customer-tickets">
          <h2 id="customer-tickets" className="mb-3 flex items-center gap-2 text-lg font-bold">
            <LifeBuoy aria-hidden="true" className="size-5 text-muted-foreground" /> Support tickets
          </h2>
          <CustomerTicketsPanel customerId={c.id} />
        </section>
      </div>
    </AdminShell>
  );
}
