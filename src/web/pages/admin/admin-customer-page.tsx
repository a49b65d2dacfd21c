import { formatShortDate } from "@shared/format.ts";
import { parseId } from "@shared/ids.ts";
import { paths } from "@shared/paths.ts";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { type AdminCustomerDetail, useAdminCustomer } from "@web/features/admin/api.ts";
import { IssuePolicyDialog } from "@web/features/admin/issue-policy-dialog.tsx";
import { fullName } from "@web/features/admin/labels.ts";
import { PoliciesPanel } from "@web/features/admin/policies-panel.tsx";
import { CustomerTicketsPanel } from "@web/features/admin/tickets-panel.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { errorMessage, errorStatus } from "@web/lib/api.ts";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { FileText, LifeBuoy, Mail, MapPin, Phone, User } from "lucide-react";

export default function AdminCustomerPage({ params }: PageProps) {
  return (
    <RequireAdmin>
      <CustomerLoader id={parseId(params.id)} raw={params.id} />
    </RequireAdmin>
  );
}

const back = { href: paths.adminCustomers, label: "All customers" };

function NotFound({ path, message }: { path: string; message?: string }) {
  return (
    <AdminShell title="Customer not found" path={path} back={back}>
      <Card>
        <EmptyState icon={<User aria-hidden="true" />} title="This customer does not exist">
          {message ?? "Go back to the customer list to find them by name or e-mail."}
        </EmptyState>
      </Card>
    </AdminShell>
  );
}

function CustomerLoader({ id, raw }: { id: number | null; raw: string }) {
  const path = paths.adminCustomer(raw);
  if (id === null) return <NotFound path={path} />;
  return <CustomerQuery id={id} path={path} />;
}

function CustomerQuery({ id, path }: { id: number; path: string }) {
  const q = useAdminCustomer(id);
  if (q.isError) {
    return (
      <NotFound
        path={path}
        message={
          errorStatus(q.error) === 404
            ? undefined
            : errorMessage(q.error, "The customer could not be loaded.")
        }
      />
    );
  }
  if (q.isPending) {
    return (
      <AdminShell title="Customer" path={path} back={back}>
        <div role="status" aria-live="polite" className="grid gap-4">
          <span className="sr-only">Loading customer…</span>
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </div>
      </AdminShell>
    );
  }
  return <CustomerView data={q.data} path={path} />;
}

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
