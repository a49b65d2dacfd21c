import { ENQUIRY_SORTS } from "@shared/endpoints/enquiries.ts";
import type { EnquiryRecord } from "@shared/schemas/enquiry.ts";
import {
  ENQUIRY_INTEREST_LABELS,
  ENQUIRY_INTERESTS,
  ENQUIRY_STATUSES,
  type EnquiryInterest,
  type EnquiryStatus,
} from "@shared/schemas/enquiry.ts";
import { DayThenTime } from "@web/components/day-then-time.tsx";
import {
  ClearFilters,
  DateRangeFilter,
  SearchBox,
  toOptions,
  ViewFilterSelect,
} from "@web/components/lists/filter-controls.tsx";
import { ENQUIRY_STATUS_LABELS, formatAgo } from "@web/components/lists/labels.ts";
import { ListTable } from "@web/components/lists/list-table.tsx";
import { emptyList, FilteredPagedList, type Sorting, useSort } from "@web/components/lists/paged-list.tsx";
import { useListFilters, useListView } from "@web/components/lists/use-list-view.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Label, NativeSelect } from "@web/components/ui/input.tsx";
import { Download, Inbox, Mail, Phone } from "lucide-react";
import { useId, useState } from "react";
import { enquiriesCsvHref, useAdminEnquiries, useUpdateEnquiry } from "./api.ts";
import { EnquiryStatusBadge } from "./status-badges.tsx";

const interestLabel = (v: string) => ENQUIRY_INTEREST_LABELS[v as EnquiryInterest] ?? v;

/**
 * Every enquiry from the site's forms, newest first, a page at a time. Leads are the
 * business's income, so nothing is hidden by default: filters and search narrow the list,
 * and the CSV export takes the same filters, sort and search as the screen.
 */
export function EnquiryInbox() {
  const view = useListView();
  const sorting = useSort(view, { sort: "created", dir: "desc" }, ENQUIRY_SORTS, { status: "asc" });
  const { q, draft, setDraft, filters, filtered, clear, params } = useListFilters(
    view,
    ["status", "interest", "from", "to"],
    sorting,
  );
  const enquiries = useAdminEnquiries(params);
  // the export takes what the screen shows, every page of it; a default sort stays out of its address
  const csv = enquiriesCsvHref({ ...filters, q: q.trim(), sort: view.get("sort"), dir: view.get("dir") });

  return (
    <FilteredPagedList
      filters={
        <>
          <SearchBox
            label="Search enquiries"
            value={draft}
            onChange={setDraft}
            placeholder="Name, e-mail or phone"
            className="min-w-56 flex-1"
          />
          <ViewFilterSelect
            view={view}
            name="status"
            label="Status"
            allLabel="All statuses"
            options={toOptions(ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS)}
            className="w-40"
          />
          <ViewFilterSelect
            view={view}
            name="interest"
            label="Interest"
            allLabel="All interests"
            options={toOptions(ENQUIRY_INTERESTS, ENQUIRY_INTEREST_LABELS)}
            className="w-52"
          />
          <DateRangeFilter verb="Received" from={filters.from} to={filters.to} onChange={view.set} />
          <ClearFilters visible={filtered} onClear={clear} />
          <Button asChild variant="outline" size="sm" className="ml-auto h-9">
            <a href={csv} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        </>
      }
      query={enquiries}
      view={view}
      noun={["enquiry", "enquiries"]}
      empty={emptyList(filtered, {
        icon: <Inbox aria-hidden="true" />,
        none: {
          title: "No enquiries yet",
          text: "Messages sent through the site's enquiry forms appear here.",
        },
        noMatch: {
          title: "No enquiries match these filters",
          text: "Try another status, interest or search.",
        },
      })}
    >
      {(items) => <EnquiryTable items={items} sorting={sorting} />}
    </FilteredPagedList>
  );
}

function EnquiryTable({
  items,
  sorting,
}: {
  items: EnquiryRecord[];
  sorting: Sorting<(typeof ENQUIRY_SORTS)[number]>;
}) {
  const now = Date.now();
  return (
    <ListTable
      label="Enquiries"
      items={items}
      row={(q) => ({ className: "align-top", "data-testid": `enquiry-row-${q.id}` })}
      sorting={sorting}
      columns={[
        {
          head: "Received",
          sort: "created",
          // below lg the time goes under the day: the column stays narrow on a tablet
          className: "align-top text-xs lg:whitespace-nowrap",
          cell: (q) => (
            <>
              <time dateTime={q.createdAt}>
                <DayThenTime value={q.createdAt} />
              </time>
              <div className="whitespace-nowrap text-muted-foreground">{formatAgo(q.createdAt, now)}</div>
            </>
          ),
        },
        {
          head: "Contact",
          className: "min-w-52 align-top",
          cell: (q) => (
            <>
              <div className="font-semibold">{q.name}</div>
              {/* narrower screens: what they asked about, here rather than in a column of its own */}
              <div className="text-xs text-muted-foreground lg:hidden">
                {interestLabel(q.interest)}
                {q.source ? ` · via ${q.source}` : ""}
              </div>
              <a
                href={`mailto:${q.email}`}
                className="flex items-center gap-1.5 text-xs break-all hover:text-primary"
              >
                <Mail aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                {q.email}
              </a>
              <a
                href={`tel:${q.phone.replace(/[^\d+]/g, "")}`}
                className="flex items-center gap-1.5 text-xs whitespace-nowrap hover:text-primary"
              >
                <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                {q.phone}
              </a>
            </>
          ),
        },
        {
          head: "Interest",
          from: "lg",
          className: "align-top text-xs whitespace-nowrap",
          cell: (q) => (
            <>
              <span className="font-medium">{interestLabel(q.interest)}</span>
              {q.source ? <div className="text-muted-foreground">via {q.source}</div> : null}
            </>
          ),
        },
        {
          head: "Message",
          className: "min-w-64 align-top md:max-lg:min-w-48",
          cell: (q) => <ExpandableText text={q.message} />,
        },
        {
          head: "Status",
          sort: "status",
          className: "align-top",
          cell: (q) => <InquiryStatusControl inquiry={q} />,
        },
      ]}
    />
  );
}

function ExpandableText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 180;
  return (
    <div className="max-w-md text-sm">
      <p className={open || !long ? "whitespace-pre-line break-words" : "line-clamp-3 break-words"}>{text}</p>
      {long ? (
        <button
          type="button"
          className="mt-1 cursor-pointer rounded-sm text-xs font-semibold text-primary hover:underline"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? "Show less" : "Show more"}
        </button>
      ) : null}
    </div>
  );
}

function InquiryStatusControl({ inquiry }: { inquiry: EnquiryRecord }) {
  const id = useId();
  const update = useUpdateEnquiry();
  const value = update.isPending && update.variables ? update.variables.status : inquiry.status;
  return (
    <div className="grid w-36 gap-1.5">
      <EnquiryStatusBadge status={inquiry.status} className="justify-self-start" />
      <Label htmlFor={id} className="sr-only">
        Status of the enquiry from {inquiry.name}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={update.isPending}
        className="h-8 py-1 text-xs"
        onChange={(e) => update.mutate({ id: inquiry.id, status: e.target.value as EnquiryStatus })}
      >
        {ENQUIRY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ENQUIRY_STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
