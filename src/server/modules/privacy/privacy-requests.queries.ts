import { and, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PRIVACY_REQUEST_SORTS } from "../../../shared/endpoints/privacy.ts";
import { joinedName } from "../../../shared/names.ts";
import type {
  PrivacyRequest,
  PrivacyRequestKind,
  PrivacyRequestStatus,
} from "../../../shared/schemas/privacy.ts";
import type { Db } from "../../db/client.ts";
import { privacyRequests, users } from "../../db/schema.ts";
import {
  type CursorCodec,
  idKey,
  type KeyColumn,
  keysetPage,
  type ListQuery,
  onPage,
  type Page,
  timestampKey,
} from "../../lib/keyset.ts";
import { toPrivacyRequest } from "./privacy.service.ts";

/** The staff queue of data-rights requests and grievances (GET /api/admin/privacy-requests). */

export type PrivacyRequestSort = (typeof PRIVACY_REQUEST_SORTS)[number];

export interface PrivacyRequestFilters {
  status?: PrivacyRequestStatus[];
  kind?: PrivacyRequestKind[];
}

function requestKeys(sort: PrivacyRequestSort): KeyColumn[] {
  const lead = sort === "due" ? timestampKey(privacyRequests.dueAt) : timestampKey(privacyRequests.createdAt);
  return [lead, idKey(privacyRequests.id)];
}

function requestConditions(f: PrivacyRequestFilters): SQL | undefined {
  return and(
    f.status?.length ? inArray(privacyRequests.status, f.status) : undefined,
    f.kind?.length ? inArray(privacyRequests.kind, f.kind) : undefined,
  );
}

const closer = alias(users, "closer");

export async function listPrivacyRequestsPage(
  db: Db,
  codec: CursorCodec,
  query: ListQuery<PrivacyRequestSort, PrivacyRequestFilters>,
): Promise<Page<PrivacyRequest>> {
  return keysetPage(db, codec, "staff-privacy-requests", query, {
    table: privacyRequests,
    where: requestConditions(query.filters),
    keys: requestKeys(query.sort),
    fetch: (read) =>
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
    map: (r) => toPrivacyRequest(r.request, joinedName(r.closerFirst, r.closerLast)),
  });
}
