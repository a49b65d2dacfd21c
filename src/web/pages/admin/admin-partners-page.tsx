import { PARTNER_SORTS } from "@shared/endpoints/partners.ts";
import { formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { AdminPartner } from "@shared/schemas/partner.ts";
import { ClearFilters, SearchBox } from "@web/components/lists/filter-controls.tsx";
import { formatCount } from "@web/components/lists/labels.ts";
import { type Column, ListTable } from "@web/components/lists/list-table.tsx";
import { emptyList, FilteredPagedList, useSort } from "@web/components/lists/paged-list.tsx";
import { useListFilters, useListView } from "@web/components/lists/use-list-view.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { CreatePartnerDialog } from "@web/features/admin/partner-forms.tsx";
import { PartnerLogo, QuotaUse } from "@web/features/admin/partner-parts.tsx";
import { useAdminPartners } from "@web/features/admin/partners-api.ts";
import { RowLink } from "@web/features/admin/ticket-cells.tsx";
import { RequireOffice } from "@web/features/auth/guards.tsx";
import { Handshake } from "lucide-react";
import { BACK_TO_DASHBOARD } from "./admin-frame.tsx";

/** "Premium" for "Premium Plan": under a "Plan" heading the word says nothing */
const planOf = (p: AdminPartner) => p.planName.replace(/ Plan$/, "");

const COLUMNS: Column<AdminPartner, (typeof PARTNER_SORTS)[number]>[] = [
  {
    head: "Partner",
    sort: "name",
    className: "sm:min-w-56",
    cell: (p) => (
      <div className="flex items-center gap-3">
        <PartnerLogo partner={p} size="sm" />
        <div className="min-w-0">
          <RowLink href={paths.adminPartner(p.id)}>{p.name}</RowLink>
          <div className="text-xs text-muted-foreground">
            <span className="sm:hidden">{planOf(p)} · </span>
            {p.gstin ? <span className="font-mono">{p.gstin}</span> : "No GSTIN"}
          </div>
        </div>
      </div>
    ),
  },
  { head: "Plan", from: "sm", className: "whitespace-nowrap", cell: planOf },
  {
    head: "This month",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (p) => <QuotaUse month={p.month} />,
  },
  { head: "Users", from: "md", align: "right", className: "tabular-nums", cell: (p) => p.memberCount },
  {
    head: "Created",
    sort: "created",
    from: "lg",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (p) => formatShortDate(p.createdAt),
  },
];

export default function AdminPartnersPage() {
  return (
    <RequireOffice>
      <Partners />
    </RequireOffice>
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
        empty={emptyList(Boolean(q), {
          icon: <Handshake aria-hidden="true" />,
          none: { title: "No partners yet", text: "Create the first partner with “New partner”." },
          noMatch: { title: "No partner matches", text: "Try part of the partner's name." },
        })}
      >
        {(items) => <ListTable label="Partners" items={items} columns={COLUMNS} sorting={sorting} />}
      </FilteredPagedList>
    </AdminShell>
  );
}
