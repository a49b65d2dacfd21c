import { z } from "zod";
import {
  INQUIRY_INTERESTS,
  INQUIRY_STATUSES,
  InquiryRecordSchema,
  InquirySchema,
} from "../schemas/enquiry.ts";
import { IdParams } from "../schemas/ids.ts";
import { defineEndpoints } from "./define.ts";
import { optionalFilter } from "./filters.ts";

export const EnquiryFilterSchema = z.object({
  status: optionalFilter(z.enum(INQUIRY_STATUSES)),
  interest: optionalFilter(z.enum(INQUIRY_INTERESTS)),
});

/** Enquiries: leads from the website's forms (the spec's API says "inquiries"). */
export const enquiryEndpoints = defineEndpoints({
  "POST /api/inquiries": {
    access: "public",
    body: InquirySchema,
    response: z.object({ id: z.number().int(), message: z.string() }),
    status: 201,
  },
  /** newest first */
  "GET /api/admin/inquiries": {
    access: "admin",
    query: EnquiryFilterSchema,
    response: z.array(InquiryRecordSchema),
  },
  /** the same list as a spreadsheet download */
  "GET /api/admin/inquiries.csv": {
    access: "admin",
    query: EnquiryFilterSchema,
    response: z.string(),
    download: "text/csv",
  },
  "PATCH /api/admin/inquiries/:id": {
    access: "admin",
    params: IdParams,
    body: z.object({ status: z.enum(INQUIRY_STATUSES) }),
    response: InquiryRecordSchema,
  },
});
