import { and, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PRIVACY_REQUEST_SORTS } from "../../../shared/endpoints/privacy.ts";
import { joinedName } from "../../../shared/names.ts";
import type {
  PrivacyRequest,
  PrivacyRequestKind,
  PrivacyRequestStatus,
} from "../../../shared/schemas/privacy.ts";
import { privacyRequests, users } from "../../db/schema.ts";
import { keysBySort, keysetList, onPage, timestampKey } from "../../lib/keyset.ts";
import { toPrivacyRequest } from "./grievances.service.ts";

/** The staff queue of data-rights requests and grievances (GET /api/admin/privacy-requests). */

type PrivacyRequestSort = (typeof PRIVACY_REQUEST_SORTS)[number];

interface PrivacyRequestFilters {
  status?: PrivacyRequestStatus[];
  kind?: PrivacyRequestKind[];
}

const requestKeys = keysBySort<PrivacyRequestSort>(privacyRequests.id, {
  due: timestampKey(privacyRequests.dueAt),
  created: timestampKey(privacyRequests.createdAt),
});

function requestConditions(f: PrivacyRequestFilters): SQL | undefined {
  return and(
    f.status?.length ? inArray(privacyRequests.status, f.status) : undefined,
    f.kind?.length ? inArray(privacyRequests.kind, f.kind) : undefined,
  );
}

const closer = alias(users, "closer");

export const listPrivacyRequestsPage = keysetList({
  list: "staff-privacy-requests",
  table: privacyRequests,
  where: requestConditions,
  keys: requestKeys,
  fetch: (db, read) =>
    onPage(
      db
        .select({
          request: privacyRequests,
          closerFirst: closer.firstName,
          closerLast: closer.lastName,
          k: read.key,
        })
        .from(privacyRequests)
        .leftJoin(closer, eq(closer.id, privacyRequests.closedById))
        .$dynamic(),
      read,
    ),
  map: (r): PrivacyRequest => toPrivacyRequest(r.request, joinedName(r.closerFirst, r.closerLast)),
});
