import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";

/**
 * A filter kept in the address (?status=open), so a filtered view survives a reload and
 * the back button, and can be shared with a colleague. Changing it replaces the entry.
 */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name) ?? "";
  const set = useCallback(
    (next: string) => {
      // read the address at call time, so several setters called together all apply
      const p = new URLSearchParams(window.location.search);
      if (next) p.set(name, next);
      else p.delete(name);
      const qs = p.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [name, navigate, location],
  );
  return [value, set];
}

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
