import { useEffect } from "react";

/**
 * Marks the document once React has taken over the page, for tests and for the curious.
 * It stands inside the page's Suspense boundary (and in the error panel that replaces a
 * failed page): React hydrates each server-rendered boundary in a pass of its own after
 * the site's frame, so a marker outside it would say "hydrated" while the page's own
 * buttons and shortcuts were still inert, which on a busy machine lasts seconds.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
