import { useCallback, useSyncExternalStore } from "react";

/**
 * The theme lives in localStorage under THEME_STORAGE_KEY and shows as the `dark` class
 * on <html>. The inline head script (src/server/ssr/inline-scripts.ts) applies it before
 * first paint, so a dark-theme visitor never sees a light flash; keep the two in step.
 */
export const THEME_STORAGE_KEY = "theme";
export type Theme = "light" | "dark";

const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // private mode or storage disabled: the choice lasts for this page only
  }
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme() {
  // the server renders light; the browser reads the class the head script set
  const theme = useSyncExternalStore<Theme>(subscribe, readTheme, () => "light");
  const toggle = useCallback(() => setTheme(readTheme() === "dark" ? "light" : "dark"), []);
  return { theme, setTheme, toggle };
}
