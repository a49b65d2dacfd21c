import { useCallback, useState } from "react";

/**
 * Code loaded on first use. `prefetch` warms the chunk (on hover or focus), `activate`
 * loads it and renders with it. The page's first download carries only what a visitor
 * sees before interacting; menus and popovers arrive when someone reaches for them.
 */
export function useOnDemand<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is a fixed import
  const prefetch = useCallback(() => {
    load().catch(() => {
      // a failed prefetch is retried by activate
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is a fixed import
  const activate = useCallback(() => {
    load().then((m) => setLoaded(() => m));
  }, []);
  return { loaded, prefetch, activate };
}

/** Handlers that make a stand-in trigger load and open its real popup like the real one would. */
export function standInTriggerProps(prefetch: () => void, activate: () => void) {
  return {
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: activate,
    onKeyDown: (e: { key: string; preventDefault(): void }) => {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        activate();
      }
    },
  };
}
