import { Loader2 } from "lucide-react";

/** Shown while a page's code loads during client-side navigation. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span className="sr-only">Loading page</span>
    </div>
  );
}
