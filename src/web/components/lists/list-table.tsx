import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { cn } from "@web/lib/cn.ts";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ComponentProps, Key, ReactNode } from "react";
import type { Direction, Sorting } from "./paged-list.tsx";

/** a screen width from which a column shows (Tailwind's breakpoints) */
export type Breakpoint = "sm" | "md" | "lg" | "xl" | "2xl";

// written out whole: Tailwind only makes the classes it finds in the sources
const SHOWN_FROM: Record<Breakpoint, string> = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
  "2xl": "hidden 2xl:table-cell",
};

/** One column of a staff table: its heading, where it shows, and what each row puts in it. */
export interface Column<T, S extends string = never> {
  /** the heading, unique in its table */
  head: string;
  /** a heading for screen readers only, over a column of row buttons */
  headHidden?: boolean;
  /** the sort that clicking the heading asks for */
  sort?: S;
  /**
   * hidden on screens narrower than this; what it says then usually stands under the
   * row's name in its first cell
   */
  from?: Breakpoint;
  /** numbers and row buttons line up on the right, under a heading on the right */
  align?: "right";
  /** the cell's own classes */
  className?: string;
  cell: (item: T) => ReactNode;
}

/** the heading of a column of row buttons */
export const ACTIONS = { head: "Actions", headHidden: true } as const;

/** how rows are told apart: by their `id` unless they have none of their own */
type RowKey<T> = T extends { id: Key } ? { rowKey?: (item: T) => Key } : { rowKey: (item: T) => Key };

/** attributes of one row: tests find rows by `data-testid`, keyboard handlers by other data attributes */
type RowProps = ComponentProps<"tr"> & { [data: `data-${string}`]: string | number | undefined };

/**
 * A staff list as a table: each list names its columns, this writes out the headings (sortable
 * ones as buttons), the rows and their cells. A column hidden on narrow screens is hidden in its
 * heading and every cell alike.
 */
export function ListTable<T, S extends string = never>({
  label,
  items,
  rowKey,
  row,
  columns,
  sorting,
  className,
}: {
  /** the table's accessible name */
  label?: string;
  /** the table's own classes (a denser list) */
  className?: string;
  items: readonly T[];
  row?: (item: T) => RowProps;
  /** a column left out as `false` where the table does without it (a customer's own page) */
  columns: readonly (Column<T, S> | false)[];
  sorting?: Sorting<S>;
} & RowKey<T>) {
  const keyOf = rowKey ?? ((item: T) => (item as { id: Key }).id);
  const shown = columns.filter((column) => column !== false);
  return (
    <Table aria-label={label} className={className}>
      <ListHead>
        {shown.map((column) => {
          const className = placement(column);
          if (column.sort && sorting) {
            return (
              <SortableHead key={column.head} column={column.sort} sorting={sorting} className={className}>
                {column.head}
              </SortableHead>
            );
          }
          return (
            <TableHead key={column.head} className={className}>
              {column.headHidden ? <span className="sr-only">{column.head}</span> : column.head}
            </TableHead>
          );
        })}
      </ListHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={keyOf(item)} {...row?.(item)}>
            {shown.map((column) => (
              <TableCell key={column.head} className={cn(placement(column), column.className)}>
                {column.cell(item)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * the classes a column's heading and cells share; on a tablet (md to lg) the cells sit closer
 * together, so a list of five or six columns fits the screen without scrolling sideways
 */
function placement(column: { from?: Breakpoint; align?: "right" }) {
  return cn(
    "md:max-lg:px-2",
    column.from && SHOWN_FROM[column.from],
    column.align === "right" && "text-right",
  );
}

/** A column header that sorts the list: a button, with the order announced by aria-sort. */
function SortableHead<S extends string>({
  column,
  sorting,
  children,
  className,
}: {
  column: S;
  sorting: { sort: S; dir: Direction; toggle: (column: S) => void };
  children: ReactNode;
  className?: string;
}) {
  const active = sorting.sort === column;
  const Icon = active ? (sorting.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <button
        type="button"
        onClick={() => sorting.toggle(column)}
        className={cn(
          "-mx-1.5 inline-flex cursor-pointer items-center gap-1 rounded-sm px-1.5 py-1 uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
          active && "text-foreground",
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn("size-3.5", !active && "opacity-50")} />
      </button>
    </TableHead>
  );
}

/** A staff list's header row: unlike the rows under it, it does not light up under the pointer. */
function ListHead({ children }: { children: ReactNode }) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">{children}</TableRow>
    </TableHeader>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3 p-4">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
