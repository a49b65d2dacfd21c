import type { Page } from "@shared/endpoints/define.ts";
import { PAGE_LIMIT } from "@shared/endpoints/filters.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { AlertTriangle, ChevronLeft, ChevronRight } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { ViewFilterSelect } from "./filter-controls.tsx";
import { formatCount } from "./labels.ts";
import { TableSkeleton } from "./list-table.tsx";
import { type Direction, sortOf } from "./sort.ts";
import type { ListView } from "./use-list-view.ts";

// The parts every paged staff list shares: its states, its pager and its sort.

export type { Direction };

/** "51–100 of 1,234", "about 1,00,000" when the server could only estimate the total */
function pageRange(page: Page<unknown>, pageNumber: number, limit: number = PAGE_LIMIT.default) {
  const first = (pageNumber - 1) * limit + 1;
  const last = first + page.items.length - 1;
  // rows may have arrived since the total was counted: never say "51–100 of 90"
  const total = Math.max(page.total, last);
  return `${formatCount(first)}–${formatCount(last)} of ${page.totalIsEstimate ? "about " : ""}${formatCount(total)}`;
}

/** What an empty list shows: an icon, a heading and a line under it. */
export interface EmptyList {
  icon: ReactNode;
  title: string;
  text: ReactNode;
}

/**
 * The empty state of a list that can be filtered or searched: `none` when there is nothing
 * to list yet, `noMatch` when the filters or the search hide every row, so the words say
 * which of the two it is and what to try.
 */
export function emptyList(
  filtered: boolean,
  {
    icon,
    none,
    noMatch,
  }: { icon: ReactNode; none: Omit<EmptyList, "icon">; noMatch: Omit<EmptyList, "icon"> },
): EmptyList {
  return { icon, ...(filtered ? noMatch : none) };
}

/** A paged list's read, its view in the address, what it lists and how many to a page. */
interface PagerProps<T> {
  query: UseQueryResult<Page<T>>;
  view: ListView;
  /** singular and plural, e.g. ["ticket", "tickets"] */
  noun: [string, string];
  limit?: number;
}

/**
 * The states a paged list goes through: a skeleton on the first load, the failure, an
 * empty message that says why, then the rows and the pager. While another page or filter
 * loads, the rows on screen stay, dimmed, so the table does not jump.
 */
export function PagedListStates<T>({
  query,
  view,
  noun,
  empty,
  limit,
  children,
}: PagerProps<T> & {
  empty: EmptyList;
  children: (items: T[]) => ReactNode;
}) {
  const data = query.data;
  return (
    <>
      {query.isPending ? (
        <TableSkeleton />
      ) : query.isError && !data ? (
        <EmptyState icon={<AlertTriangle aria-hidden="true" />} title={`Could not load ${noun[1]}`}>
          {errorMessage(query.error, "Please reload the page.")}
        </EmptyState>
      ) : data && data.items.length === 0 ? (
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          actions={
            view.cursor ? (
              <Button variant="outline" size="sm" onClick={() => view.set({})}>
                Back to the first page
              </Button>
            ) : undefined
          }
        >
          {empty.text}
        </EmptyState>
      ) : data ? (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={cn("transition-opacity", query.isPlaceholderData && "opacity-60")}
        >
          {children(data.items)}
        </div>
      ) : null}
      <Pager query={query} view={view} noun={noun} limit={limit} />
    </>
  );
}

/** 'x–y of N' and the Previous and Next buttons under a list */
function Pager<T>({ query, view, noun, limit }: PagerProps<T>) {
  const data = query.isPlaceholderData ? undefined : query.data;
  const summary = data && data.items.length > 0 ? `${pageRange(data, view.page, limit)} ${noun[1]}` : "";
  const hidden = !query.data || (query.data.items.length === 0 && !view.cursor);
  return (
    <nav
      aria-label={`Pages of ${noun[1]}`}
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3",
        hidden && "hidden",
      )}
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="page-range">
        {summary}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={view.page <= 1}
          onClick={view.previous}
          title={view.page > 1 && !view.hasTrail ? "Back to the first page" : undefined}
        >
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!data?.nextCursor}
          onClick={() => data?.nextCursor && view.next(data.nextCursor)}
        >
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * A list's sort as the address holds it (`sort`, `dir`), with the list's default left out
 * of the address. A header clicked again turns its direction around; a new column starts
 * in the direction staff want first (newest, most urgent).
 */
export function useSort<S extends string>(
  view: ListView,
  fallback: { sort: S; dir: Direction },
  columns: readonly S[],
  firstDir: Partial<Record<S, Direction>> = {},
) {
  const { sort, dir, defaultDir } = sortOf(view.get, fallback, columns, firstDir);
  const toggle = (column: S) => {
    const next = column === sort ? (dir === "asc" ? "desc" : "asc") : defaultDir(column);
    view.set({
      sort: column === fallback.sort ? "" : column,
      dir: next === defaultDir(column) ? "" : next,
    });
  };
  return { sort, dir, toggle };
}

/** A list's sort and the way to change it, as `useSort` gives them */
export type Sorting<S extends string> = ReturnType<typeof useSort<S>>;

/**
 * A paged list in a card, under a bar of its filters and, on the right, a line on the rule
 * staff follow.
 */
export function FilteredPagedList<T>({
  filters,
  hint,
  ...states
}: { filters: ReactNode; hint?: ReactNode } & Parameters<typeof PagedListStates<T>>[0]) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end gap-3 border-b p-4">
        {filters}
        {hint ? <p className="ml-auto max-w-sm text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      <PagedListStates {...states} />
    </Card>
  );
}

/** the status filter's value that shows every request of a work queue, whatever its status */
const ALL = "all";

/**
 * A work queue's status as the address holds it: the requests waiting for staff (`waiting`)
 * unless staff choose one status or all of them. `filter` is the status the list's read
 * asks for, none for all.
 */
export function useQueueStatus(view: ListView, waiting: string) {
  const status = view.get("status") || waiting;
  return { status, isWaiting: status === waiting, filter: status === ALL ? undefined : status };
}

/**
 * A staff work queue of one kind of request (transfers, renewals, privacy requests): one
 * row per request, under its filters. A queue with `statuses` leads them with a status
 * filter that opens on what waits for staff and ends with "All" (read with `useQueueStatus`).
 */
export function StatusQueue<T extends { id: number }>({
  label,
  row,
  statuses,
  filters,
  ...list
}: {
  /** the list's accessible name */
  label: string;
  row: (item: T) => ReactNode;
  /** the status filter: the waiting view, the choices before "All", the control's width */
  statuses?: { waiting: string; options: readonly { value: string; label: string }[]; className: string };
  filters?: ReactNode;
} & Omit<Parameters<typeof FilteredPagedList<T>>[0], "children" | "filters">) {
  return (
    <FilteredPagedList
      {...list}
      filters={
        <>
          {statuses ? (
            <ViewFilterSelect
              view={list.view}
              name="status"
              fallback={statuses.waiting}
              label="Status"
              options={[...statuses.options, { value: ALL, label: "All" }]}
              className={statuses.className}
            />
          ) : null}
          {filters}
        </>
      }
    >
      {(items) => (
        <ul className="divide-y" aria-label={label}>
          {items.map((item) => (
            <Fragment key={item.id}>{row(item)}</Fragment>
          ))}
        </ul>
      )}
    </FilteredPagedList>
  );
}
