import { PARTNER_SORTS } from "@shared/endpoints/partners.ts";
import { formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@web/components/ui/table.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { ClearFilters, SearchBox } from "@web/features/admin/filter-controls.tsx";
import { formatCount } from "@web/features/admin/labels.ts";
import { FilteredPagedList, ListHead, SortableHead, useSort } from "@web/features/admin/paged-list.tsx";
import { CreatePartnerDialog } from "@web/features/admin/partner-forms.tsx";
import { PartnerLogo, QuotaUse } from "@web/features/admin/partner-parts.tsx";
import { useAdminPartners } from "@web/features/admin/partners-api.ts";
import { RowLink } from "@web/features/admin/ticket-cells.tsx";
import { useListFilters, useListView } from "@web/features/admin/use-list-view.ts";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import { Handshake } from "lucide-react";
import { BACK_TO_DASHBOARD } from "./admin-frame.tsx";

export default function AdminPartnersPage() {
  return (
    <RequireAdmin>
      <Partners />
    </RequireAdmin>
  );
}

function Partners() {
  const view = useListView();
  const sorting = useSort(view, { sort: "created", dir: "desc" }, PARTNER_SORTS, { name: "asc" });
  const { q, draft, setDraft, clear, params } = useListFilters(view, [], sorting);
  const partners = useAdminPartners(params);
  const all = !q && !partners.isPlaceholderData ? partners.data : undefined;

  return (
    <AdminShell
      title="Partners"
      path={paths.adminPartners}
      description={
        all
          ? `${formatCount(all.total, ["B2B partner", "B2B partners"])}: designers, furniture makers and contractors who register the homes they hand over`
          : null
      }
      back={BACK_TO_DASHBOARD}
      actions={<CreatePartnerDialog />}
    >
      <FilteredPagedList
        filters={
          <>
            <SearchBox
              label="Find a partner"
              value={draft}
              onChange={setDraft}
              placeholder="Partner name"
              className="max-w-md min-w-56 flex-1"
            />
            <ClearFilters visible={Boolean(q)} onClear={clear} />
          </>
        }
        query={partners}
        view={view}
        noun={["partner", "partners"]}
        empty={{
          icon: <Handshake aria-hidden="true" />,
          title: q ? "No partner matches" : "No partners yet",
          text: q ? "Try part of the partner's name." : "Create the first partner with “New partner”.",
        }}
      >
        {(items) => (
          <Table aria-label="Partners">
            <ListHead>
              <SortableHead column="name" sorting={sorting}>
                Partner
              </SortableHead>
              <TableHead className="hidden sm:table-cell">Plan</TableHead>
              <TableHead className="text-right">This month</TableHead>
              <TableHead className="hidden text-right md:table-cell">Users</TableHead>
              <SortableHead column="created" sorting={sorting} className="hidden lg:table-cell">
                Created
              </SortableHead>
            </ListHead>
            <TableBody>
              {items.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="sm:min-w-56">
                    <div className="flex items-center gap-3">
                      <PartnerLogo partner={p} size="sm" />
                      <div className="min-w-0">
                        <RowLink href={paths.adminPartner(p.id)}>{p.name}</RowLink>
                        <div className="text-xs text-muted-foreground">
                          <span className="sm:hidden">{p.planName.replace(/ Plan$/, "")} · </span>
                          {p.gstin ? <span className="font-mono">{p.gstin}</span> : "No GSTIN"}
                        </div>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">
                    {p.planName.replace(/ Plan$/, "")}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    <QuotaUse month={p.month} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">
                    {p.memberCount}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                    {formatShortDate(p.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </FilteredPagedList>
    </AdminShell>
  );
}
