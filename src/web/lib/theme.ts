import { useCallback, useSyncExternalStore } from "react";

/**
 * The theme shows as the `dark` class on <html>. A visitor's choice lives in localStorage
 * under THEME_STORAGE_KEY; without one the device's dark-mode setting decides. The inline
 * head script (src/server/ssr/inline-scripts.ts) applies it before first paint, so a
 * dark-theme visitor never sees a light flash; keep the two in step.
 */
const THEME_STORAGE_KEY = "theme";
export type Theme = "light" | "dark";

const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function setTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // private mode or storage disabled: the choice lasts for this page only
  }
  for (const notify of listeners) notify();
}

function storedChoice(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

// with no stored choice, a device switching to or from dark mode (at dusk, say) takes the page along
function followDevice(event: MediaQueryListEvent) {
  if (storedChoice() !== null) return;
  document.documentElement.classList.toggle("dark", event.matches);
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void) {
  const device = window.matchMedia("(prefers-color-scheme: dark)");
  if (listeners.size === 0) device.addEventListener("change", followDevice);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) device.removeEventListener("change", followDevice);
  };
}

export function useTheme() {
  // the server renders light; the browser reads the class the head script set
  const theme = useSyncExternalStore<Theme>(subscribe, readTheme, () => "light");
  const toggle = useCallback(() => setTheme(readTheme() === "dark" ? "light" : "dark"), []);
  return { theme, setTheme, toggle };
}
