import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { ENQUIRY_SORTS } from "../../../shared/endpoints/enquiries.ts";
import type { EnquiryRecord } from "../../../shared/schemas/enquiry.ts";
import {
  ENQUIRY_STATUSES,
  type EnquiryInterest,
  type EnquiryStatus,
} from "../../../shared/schemas/enquiry.ts";
import type { Db } from "../../db/client.ts";
import { inquiries } from "../../db/schema.ts";
import {
  type Direction,
  enumKey,
  type KeyValue,
  keysBySort,
  keysetBatches,
  keysetList,
  onPage,
  type PageRead,
  timestampKey,
} from "../../lib/keyset.ts";
import {
  type CreatedOnDays,
  onIndiaDays,
  personSearch,
  updatedFromCreatedFrom,
} from "../../lib/list-filters.ts";

/** The staff enquiry inbox (GET /api/admin/inquiries), a page at a time, and its CSV export in batches. */

export type EnquirySort = (typeof ENQUIRY_SORTS)[number];

export interface EnquiryListFilters extends CreatedOnDays {
  status?: EnquiryStatus[];
  interest?: EnquiryInterest[];
}

const enquiryKeys = keysBySort<EnquirySort>(inquiries.id, {
  created: timestampKey(inquiries.createdAt),
  updated: timestampKey(inquiries.updatedAt),
  status: enumKey(inquiries.status, "inquiry_status", ENQUIRY_STATUSES),
});

/** Search: the sender's name or e-mail, or their phone for a phone number */
function enquirySearch(q: string): SQL {
  return personSearch(q, {
    name: sql`${inquiries.name}`,
    email: sql`${inquiries.email}`,
    phone: sql`${inquiries.phone}`,
  });
}

function enquiryConditions(f: EnquiryListFilters, q: string | undefined, sort: EnquirySort) {
  const where: (SQL | undefined)[] = [];
  if (f.status?.length) where.push(inArray(inquiries.status, f.status));
  if (f.interest?.length) where.push(inArray(inquiries.interest, f.interest));
  where.push(onIndiaDays(inquiries.createdAt, f.createdFrom, f.createdTo));
  if (sort === "updated") where.push(updatedFromCreatedFrom(inquiries.updatedAt, f.createdFrom));
  if (q) where.push(enquirySearch(q));
  return where.length ? and(...where) : undefined;
}

// staff see what an enquiry says now; when the retention job anonymised it is not part of the record
type EnquiryRow = Omit<typeof inquiries.$inferSelect, "anonymisedAt"> & { k: KeyValue[] };

const toRecord = ({ k: _k, ...r }: EnquiryRow): EnquiryRecord => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function fetchEnquiries(db: Db, read: PageRead): Promise<EnquiryRow[]> {
  return onPage(
    db
      .select({
        id: inquiries.id,
        name: inquiries.name,
        email: inquiries.email,
        phone: inquiries.phone,
        interest: inquiries.interest,
        message: inquiries.message,
        source: inquiries.source,
        status: inquiries.status,
        createdAt: inquiries.createdAt,
        updatedAt: inquiries.updatedAt,
        k: read.key,
      })
      .from(inquiries)
      .$dynamic(),
    read,
  );
}

export const listStaffEnquiriesPage = keysetList({
  list: "staff-enquiries",
  table: inquiries,
  where: enquiryConditions,
  keys: enquiryKeys,
  fetch: fetchEnquiries,
  map: toRecord,
});

/** Every enquiry the filters and search select, in list order, a batch at a time (for the CSV export) */
export async function* enquiryBatches(
  db: Db,
  query: { sort: EnquirySort; direction: Direction; filters: EnquiryListFilters; q?: string },
  batchSize = 1000,
): AsyncGenerator<EnquiryRecord[]> {
  const where = enquiryConditions(query.filters, query.q, query.sort);
  for await (const rows of keysetBatches(
    enquiryKeys(query.sort),
    query.direction,
    where,
    (read) => fetchEnquiries(db, read),
    batchSize,
  )) {
    yield rows.map(toRecord);
  }
}
