import { paths } from "@shared/paths.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { useAdminEnquiries, useAdminTickets } from "@web/features/admin/api.ts";
import { PoliciesPanel } from "@web/features/admin/policies-panel.tsx";
import { TicketStats } from "@web/features/admin/ticket-stats.tsx";
import { TicketsPanel } from "@web/features/admin/tickets-panel.tsx";
import { useSearchParam } from "@web/features/admin/use-search-param.ts";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { FileText, LifeBuoy, Users } from "lucide-react";
import { Link } from "wouter";

/** /admin: ticket counts, then the Support Tickets and Warranty Policies tabs. */
export default function AdminPage() {
  return (
    <RequireAdmin>
      <AdminDashboard />
    </RequireAdmin>
  );
}

function AdminDashboard() {
  const all = useAdminTickets();
  const fresh = useAdminEnquiries({ status: "new" });
  const [tab, setTab] = useSearchParam("tab");
  const [status, setStatus] = useSearchParam("status");
  const current = tab === "policies" ? "policies" : "tickets";

  return (
    <AdminShell
      title="Admin Dashboard"
      path={paths.admin}
      description="Triage support tickets and manage warranty policies."
      actions={
        <Button asChild variant="outline">
          <Link href={paths.adminCustomers}>
            <Users aria-hidden="true" /> View Customers
          </Link>
        </Button>
      }
    >
      {all.isPending ? (
        <div role="status" aria-live="polite" className="flex items-center gap-3 py-16 text-muted-foreground">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary motion-reduce:animate-none"
          />
          Loading admin dashboard...
        </div>
      ) : all.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6">
          <p className="font-semibold">The admin dashboard could not be loaded.</p>
          <Button className="mt-3" variant="outline" onClick={() => all.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <TicketStats
            tickets={all.data}
            activeStatus={current === "tickets" ? status : ""}
            newEnquiries={fresh.data?.length}
            onPick={(s) => {
              setTab("");
              setStatus(status === s ? "" : s);
            }}
          />
          <Tabs value={current} onValueChange={(v) => setTab(v === "tickets" ? "" : v)}>
            <TabsList className="w-full sm:w-auto">
              <TabsTrigger value="tickets" className="flex-1 sm:flex-none">
                <LifeBuoy aria-hidden="true" className="hidden sm:block" /> Support Tickets
              </TabsTrigger>
              <TabsTrigger value="policies" className="flex-1 sm:flex-none">
                <FileText aria-hidden="true" className="hidden sm:block" /> Warranty Policies
              </TabsTrigger>
            </TabsList>
            <TabsContent value="tickets">
              <TicketsPanel />
            </TabsContent>
            <TabsContent value="policies">
              <PoliciesPanel />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </AdminShell>
  );
}
