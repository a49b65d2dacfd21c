import { formatDateTime } from "@shared/format.ts";
import type { EnquiryRecord } from "@shared/schemas/enquiry.ts";
import {
  ENQUIRY_INTEREST_LABELS,
  ENQUIRY_INTERESTS,
  ENQUIRY_STATUSES,
  type EnquiryInterest,
  type EnquiryStatus,
} from "@shared/schemas/enquiry.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Label, NativeSelect } from "@web/components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { Download, Inbox, Mail, Phone } from "lucide-react";
import { useId, useState } from "react";
import { ListQueryStates } from "./admin-shell.tsx";
import { enquiriesCsvHref, useAdminEnquiries, useUpdateEnquiry } from "./api.ts";
import { ClearFilters, FilterSelect, toOptions } from "./filter-controls.tsx";
import { ENQUIRY_STATUS_LABELS, formatAgo } from "./labels.ts";
import { EnquiryStatusBadge } from "./status-badges.tsx";
import { useSearchParam } from "./use-search-param.ts";

const interestLabel = (v: string) => ENQUIRY_INTEREST_LABELS[v as EnquiryInterest] ?? v;

/**
 * Every enquiry from the site's forms, newest first. Leads are the business's income, so
 * nothing is hidden by default: filters narrow the list, and the CSV export takes the
 * same filters as the screen.
 */
export function EnquiryInbox() {
  const [status, setStatus] = useSearchParam("status");
  const [interest, setInterest] = useSearchParam("interest");
  const inquiries = useAdminEnquiries({ status, interest });
  const filtered = Boolean(status || interest);

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end gap-3 border-b p-4">
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={status}
          onChange={setStatus}
          options={toOptions(ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS)}
          className="w-40"
        />
        <FilterSelect
          label="Interest"
          allLabel="All interests"
          value={interest}
          onChange={setInterest}
          options={toOptions(ENQUIRY_INTERESTS, ENQUIRY_INTEREST_LABELS)}
          className="w-52"
        />
        <ClearFilters
          visible={filtered}
          onClear={() => {
            setStatus("");
            setInterest("");
          }}
        />
        <Button asChild variant="outline" size="sm" className="ml-auto h-9">
          <a href={enquiriesCsvHref({ status, interest })} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>
      <ListQueryStates
        query={inquiries}
        noun={["enquiry", "enquiries"]}
        empty={{
          icon: <Inbox aria-hidden="true" />,
          title: filtered ? "No enquiries match these filters" : "No enquiries yet",
          text: filtered
            ? "Try another status or interest."
            : "Messages sent through the site's enquiry forms appear here.",
        }}
      >
        {(items) => <EnquiryTable items={items} />}
      </ListQueryStates>
    </Card>
  );
}

function EnquiryTable({ items }: { items: EnquiryRecord[] }) {
  const now = Date.now();
  return (
    <Table aria-label="Enquiries">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Received</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Interest</TableHead>
          <TableHead>Message</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((q) => (
          <TableRow key={q.id} className="align-top" data-testid={`enquiry-row-${q.id}`}>
            <TableCell className="align-top text-xs whitespace-nowrap">
              <time dateTime={q.createdAt}>{formatDateTime(q.createdAt)}</time>
              <div className="text-muted-foreground">{formatAgo(q.createdAt, now)}</div>
            </TableCell>
            <TableCell className="min-w-52 align-top">
              <div className="font-semibold">{q.name}</div>
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
            </TableCell>
            <TableCell className="align-top text-xs whitespace-nowrap">
              <span className="font-medium">{interestLabel(q.interest)}</span>
              {q.source ? <div className="text-muted-foreground">via {q.source}</div> : null}
            </TableCell>
            <TableCell className="min-w-64 align-top">
              <ExpandableText text={q.message} />
            </TableCell>
            <TableCell className="align-top">
              <InquiryStatusControl inquiry={q} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
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
