import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";

/** Text typed into a search box, committed after a pause so each keystroke is not a request. */
export function useDebouncedCommit(value: string, commit: (v: string) => void, delay = 300) {
  const [draft, setDraft] = useState(value);
  // follow outside changes (a 'Clear filters' button, the back button)
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const t = setTimeout(() => commit(draft.trim() === "" ? "" : draft), delay);
    return () => clearTimeout(t);
  }, [draft, value, commit, delay]);
  return [draft, setDraft] as const;
}

/**
 * What the browser keeps with each history entry of a paged list: the cursors of the pages
 * before this one, per list (a customer's page has two lists), so 'Previous' can step back
 * without the server paging backwards. It is not in the address: a shared or bookmarked
 * address has no trail, and its 'Previous' goes to the first page.
 */
interface ListHistoryState {
  listTrails?: Record<string, string[]>;
}

export interface ListView {
  /** a parameter of this list as the address has it ("" when absent) */
  get: (name: string) => string;
  /** changes filters, sort or search: back to the first page, in place of the current entry */
  set: (changes: Record<string, string>) => void;
  /** the page's cursor ("" on the first page) and its number, counting from 1 */
  cursor: string;
  page: number;
  /** whether 'Previous' knows the cursor of the page before (otherwise it goes to the first page) */
  hasTrail: boolean;
  next: (nextCursor: string) => void;
  previous: () => void;
}

/**
 * One staff list's whole view in the address: filters, sort, search and the page's cursor,
 * so a view can be shared, survives a reload and is there again after opening a row and
 * coming back. `prefix` keeps two lists on one page apart (policyStatus, ticketCursor).
 */
export function useListView(prefix = ""): ListView {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useHistoryState<ListHistoryState | null>();
  const key = useCallback(
    (name: string) => (prefix ? prefix + name[0].toUpperCase() + name.slice(1) : name),
    [prefix],
  );
  const params = new URLSearchParams(search);
  const cursor = params.get(key("cursor")) ?? "";
  const pageParam = Number(params.get(key("page")));
  const page = cursor && Number.isInteger(pageParam) && pageParam > 1 ? pageParam : cursor ? 2 : 1;
  const trail = state?.listTrails?.[prefix] ?? [];

  const go = useCallback(
    (changes: Record<string, string>, how: { replace: boolean; trail?: string[] }) => {
      // read the address at call time, so several changes made together all apply
      const p = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value) p.set(key(name), value);
        else p.delete(key(name));
      }
      const qs = p.toString();
      const current = (window.history.state as ListHistoryState | null) ?? {};
      const trails = { ...current.listTrails, [prefix]: how.trail ?? [] };
      navigate(qs ? `${location}?${qs}` : location, {
        replace: how.replace,
        state: { ...current, listTrails: trails },
      });
    },
    [key, prefix, navigate, location],
  );

  const set = useCallback(
    (changes: Record<string, string>) => go({ ...changes, cursor: "", page: "" }, { replace: true }),
    [go],
  );

  return {
    get: (name) => params.get(key(name)) ?? "",
    set,
    cursor,
    page,
    hasTrail: trail.length > 0,
    // each page is an entry of its own, so the browser's back button steps through them too
    next: (nextCursor) =>
      go({ cursor: nextCursor, page: String(page + 1) }, { replace: false, trail: [...trail, cursor] }),
    previous: () => {
      const before = trail.at(-1) ?? "";
      go(
        { cursor: before, page: before ? String(Math.max(2, page - 1)) : "" },
        { replace: false, trail: trail.slice(0, -1) },
      );
    },
  };
}

/**
 * A list's search box: `q` is the search the address holds (what the list shows), `draft`
 * what is typed, committed to the address after a pause.
 */
export function useListSearch(view: ListView) {
  const q = view.get("q");
  const set = view.set;
  const commit = useCallback((v: string) => set({ q: v }), [set]);
  const [draft, setDraft] = useDebouncedCommit(q, commit);
  return { q, draft, setDraft };
}

/**
 * A searchable staff list's filters as the address holds them, for lists whose filters are
 * plain parameters (`names`): their values, the search, whether anything narrows the list,
 * the change that clears it all, and the parameters of the list's read, sorted by `sorting`.
 * One list of names serves all four, so a filter cannot be read but left out of 'Clear filters'.
 */
export function useListFilters<N extends string>(
  view: ListView,
  names: readonly N[],
  sorting: { sort: string; dir: string },
) {
  const { q, draft, setDraft } = useListSearch(view);
  const filters = Object.fromEntries(names.map((name) => [name, view.get(name)])) as Record<N, string>;
  return {
    q,
    draft,
    setDraft,
    filters,
    filtered: Boolean(q || Object.values(filters).some(Boolean)),
    clear: () => view.set(Object.fromEntries([...names, "q"].map((name) => [name, ""]))),
    params: { ...filters, q: q.trim(), sort: sorting.sort, dir: sorting.dir, cursor: view.cursor },
  };
}

const REMEMBERED = "admin-view:";

/** the name under which the ticket queue's view is kept for the ticket page's way back */
export const TICKET_VIEW = "tickets";

/**
 * Keeps the address of a list's current view (and its trail of pages) for this browser
 * tab, so a page reached from the list can lead back to the same filters, sort and page.
 */
export function useRememberView(name: string) {
  const search = useSearch();
  const [location] = useLocation();
  const state = useHistoryState<ListHistoryState | null>();
  useEffect(() => {
    const href = `${location}${search ? `?${search}` : ""}`;
    try {
      sessionStorage.setItem(REMEMBERED + name, JSON.stringify({ href, state }));
    } catch {
      // storage may be off (private windows, quotas): the link falls back to the list's start
    }
  }, [name, location, search, state]);
}

/** The view `useRememberView` kept, or `fallback`; read after hydration, as the server cannot know it. */
export function useRememberedView(name: string, fallback: string): { href: string; state: unknown } {
  const [view, setView] = useState<{ href: string; state: unknown }>({ href: fallback, state: null });
  useEffect(() => {
    try {
      const kept = JSON.parse(sessionStorage.getItem(REMEMBERED + name) ?? "null") as {
        href?: unknown;
        state?: unknown;
      } | null;
      // only an address on this site's own console, never one written in from elsewhere
      if (kept && typeof kept.href === "string" && kept.href.startsWith(fallback)) {
        setView({ href: kept.href, state: kept.state ?? null });
      }
    } catch {
      // nothing kept: the list's start
    }
  }, [name, fallback]);
  return view;
}
