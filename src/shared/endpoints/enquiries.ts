import { z } from "zod";
import {
  ENQUIRY_INTERESTS,
  ENQUIRY_STATUSES,
  EnquiryRecordSchema,
  EnquirySchema,
} from "../schemas/enquiry.ts";
import { IdParams } from "../schemas/ids.ts";
import { defineEndpoints } from "./define.ts";
import { filterOf, listOf, pagedList, pagedQuery } from "./filters.ts";

export const ENQUIRY_SORTS = ["created", "updated", "status"] as const;

/** The enquiry inbox's query. `q` finds the sender's name, e-mail or phone. */
const EnquiryListQuerySchema = pagedQuery(ENQUIRY_SORTS, {
  status: listOf(ENQUIRY_STATUSES),
  interest: listOf(ENQUIRY_INTERESTS),
  from: filterOf.day,
  to: filterOf.day,
});

/** The export takes the inbox's filters, sort and search, and writes every matching row. */
const EnquiryExportQuerySchema = EnquiryListQuerySchema.omit({ limit: true, cursor: true });

/** Enquiries: leads from the website's forms (the spec's API says "inquiries"). */
export const enquiryEndpoints = defineEndpoints({
  "POST /api/inquiries": {
    access: "public",
    body: EnquirySchema,
    response: z.object({ id: z.number().int(), message: z.string() }),
    status: 201,
  },
  /** a page at a time (`paged`), newest first unless sorted otherwise */
  "GET /api/admin/inquiries": pagedList("office", EnquiryListQuerySchema, EnquiryRecordSchema),
  /** the same list as a spreadsheet download, every matching row */
  "GET /api/admin/inquiries.csv": {
    access: "office",
    query: EnquiryExportQuerySchema,
    response: z.string(),
    download: "text/csv",
  },
  "PATCH /api/admin/inquiries/:id": {
    access: "office",
    params: IdParams,
    body: z.object({ status: z.enum(ENQUIRY_STATUSES) }),
    response: EnquiryRecordSchema,
  },
});
