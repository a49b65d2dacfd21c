import { paths } from "@shared/paths.ts";
import { useListView } from "@web/components/lists/use-list-view.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { useStaffStats } from "@web/features/admin/api.ts";
import { PoliciesPanel } from "@web/features/admin/policies-panel.tsx";
import { TicketStats } from "@web/features/admin/ticket-stats.tsx";
import { TicketsPanel } from "@web/features/admin/tickets-panel.tsx";
import { RequireOffice } from "@web/features/auth/guards.tsx";
import { FileText, LifeBuoy, Users } from "lucide-react";
import { Link } from "wouter";

/** /admin: ticket counts, then the Support Tickets and Warranty Policies tabs. */
export default function AdminPage() {
  return (
    <RequireOffice>
      <AdminDashboard />
    </RequireOffice>
  );
}

function AdminDashboard() {
  const stats = useStaffStats();
  const view = useListView();
  const tab = view.get("tab");
  const status = view.get("status");
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
      {stats.isPending ? (
        <div role="status" aria-live="polite" className="flex items-center gap-3 py-16 text-muted-foreground">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary motion-reduce:animate-none"
          />
          Loading admin dashboard...
        </div>
      ) : stats.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6">
          <p className="font-semibold">The admin dashboard could not be loaded.</p>
          <Button className="mt-3" variant="outline" onClick={() => stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          {/* the tabs share the address; the policy list's parameters have their own names */}
          <Tabs value={current} onValueChange={(v) => view.set({ tab: v === "tickets" ? "" : v })}>
            {/* the counts beside the tabs rather than above them: the queue starts higher on the screen */}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList className="w-full sm:w-auto">
                <TabsTrigger value="tickets" className="flex-1 sm:flex-none">
                  <LifeBuoy aria-hidden="true" className="hidden sm:block" /> Support Tickets
                </TabsTrigger>
                <TabsTrigger value="policies" className="flex-1 sm:flex-none">
                  <FileText aria-hidden="true" className="hidden sm:block" /> Warranty Policies
                </TabsTrigger>
              </TabsList>
              <TicketStats
                stats={stats.data}
                activeStatus={current === "tickets" ? status : ""}
                onPick={(s) => view.set({ tab: "", status: status === s ? "" : s })}
              />
            </div>
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
