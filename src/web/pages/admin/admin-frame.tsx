import { paths } from "@shared/paths.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { RequireOffice } from "@web/features/auth/guards.tsx";
import { errorMessage, errorStatus } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import type { ComponentProps, ReactNode } from "react";

/** where most console pages lead back to */
export const BACK_TO_DASHBOARD = { href: paths.admin, label: "Dashboard" };

/**
 * A console page only admins may open, in the console's frame. It leads back to the
 * dashboard unless given another way back.
 */
export function AdminPage({ back = BACK_TO_DASHBOARD, ...shell }: ComponentProps<typeof AdminShell>) {
  return (
    <RequireOffice>
      <AdminShell back={back} {...shell} />
    </RequireOffice>
  );
}

const capital = (word: string) => word[0].toUpperCase() + word.slice(1);

interface RecordPage<T> {
  path: string;
  back: NonNullable<ComponentProps<typeof AdminShell>["back"]>;
  /** what the page shows, as in "This customer does not exist" */
  noun: string;
  icon: ReactNode;
  /** where to look instead when the record does not exist */
  missingHint: string;
  /** the title while the record loads, when not the noun's */
  loadingTitle?: string;
  /** stand-ins for the page's blocks while it loads, and the grid they stand in */
  skeleton: ReactNode;
  skeletonClassName?: string;
  useRecord: (id: number) => UseQueryResult<T>;
  children: (record: T) => ReactNode;
}

/**
 * A console page of one record (a customer, a partner, a ticket) found by the id in its
 * address. An id that cannot be one, or that the server does not know, is a page saying the
 * record does not exist; any other failure says why it could not be read; stand-ins of the
 * page's blocks show while it loads.
 */
export function AdminRecordPage<T>({ id, ...page }: RecordPage<T> & { id: number | null }) {
  if (id === null) return <RecordMissing {...page} />;
  return <RecordQuery id={id} {...page} />;
}

function RecordQuery<T>({ id, useRecord, children, ...page }: RecordPage<T> & { id: number }) {
  const q = useRecord(id);
  if (q.isError) {
    return (
      <RecordMissing
        {...page}
        message={
          errorStatus(q.error) === 404
            ? undefined
            : errorMessage(q.error, `The ${page.noun} could not be loaded.`)
        }
      />
    );
  }
  if (q.isPending) {
    return (
      <AdminShell title={page.loadingTitle ?? capital(page.noun)} path={page.path} back={page.back}>
        <div role="status" aria-live="polite" className={cn("grid gap-4", page.skeletonClassName)}>
          <span className="sr-only">Loading {page.noun}…</span>
          {page.skeleton}
        </div>
      </AdminShell>
    );
  }
  return children(q.data);
}

function RecordMissing({
  path,
  back,
  noun,
  icon,
  missingHint,
  message,
}: Pick<RecordPage<unknown>, "path" | "back" | "noun" | "icon" | "missingHint"> & { message?: string }) {
  return (
    <AdminShell title={`${capital(noun)} not found`} path={path} back={back}>
      <Card>
        <EmptyState icon={icon} title={`This ${noun} does not exist`}>
          {message ?? missingHint}
        </EmptyState>
      </Card>
    </AdminShell>
  );
}
