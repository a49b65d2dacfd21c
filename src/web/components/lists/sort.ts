// A list's sort as its address says it, in a module without React: the server reads it too,
// when it prefetches the console's first page (src/web/features/admin/ticket-view.ts), and
// the route table that leads there is part of every page's entry script.

export type Direction = "asc" | "desc";

/** a list's sort from the address: an unknown column falls back, each column has its own first direction */
export function sortOf<S extends string>(
  get: (name: string) => string,
  fallback: { sort: S; dir: Direction },
  columns: readonly S[],
  firstDir: Partial<Record<S, Direction>> = {},
) {
  const defaultDir = (column: S) => (column === fallback.sort ? fallback.dir : (firstDir[column] ?? "desc"));
  const raw = get("sort") as S;
  const sort = columns.includes(raw) ? raw : fallback.sort;
  const rawDir = get("dir");
  const dir: Direction = rawDir === "asc" || rawDir === "desc" ? rawDir : defaultDir(sort);
  return { sort, dir, defaultDir };
}
