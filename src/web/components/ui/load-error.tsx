import { Button } from "@web/components/ui/button.tsx";
import { RefreshCw, TriangleAlert } from "lucide-react";

/** A read failed for a reason other than "not found": say so plainly and offer a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-destructive/40 bg-card px-6 py-10 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-8 text-danger" />
      <p className="mt-3 font-semibold">We couldn't load {what}.</p>
      <p className="mt-1 text-sm text-muted-foreground">Please check your connection and try again.</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}
