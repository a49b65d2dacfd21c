import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { Receipt } from "lucide-react";
import { useState } from "react";

/** Links to a policy's GST tax invoices (PDF), one per invoice; nothing while there are none. */
export function InvoiceLinks({ purchaseId }: { purchaseId: number }) {
  const invoices = useQuery(apiQuery("GET /api/purchases/:id/invoices", { params: { id: purchaseId } }));
  if (!invoices.data?.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-label="Tax invoices">
      {invoices.data.map((inv) => (
        <li key={inv.number}>
          <a
            href={inv.url}
            download={`${inv.number.replaceAll("/", "-")}.pdf`}
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <Receipt aria-hidden="true" className="size-4" /> Tax invoice {inv.number}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * For a row in the console's policy list: the invoices are looked up only when asked for,
 * so a page of fifty policies does not make fifty requests.
 */
export function InvoiceLinksOnDemand({
  purchaseId,
  policyNumber,
}: {
  purchaseId: number;
  policyNumber: string;
}) {
  const [open, setOpen] = useState(false);
  const invoices = useQuery({
    ...apiQuery("GET /api/purchases/:id/invoices", { params: { id: purchaseId } }),
    enabled: open,
  });
  if (!open)
    return (
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`Show the tax invoices of policy ${policyNumber}`}
      >
        <Receipt aria-hidden="true" /> Invoice
      </Button>
    );
  if (invoices.isPending) return <span className="px-2 text-xs text-muted-foreground">Loading…</span>;
  if (invoices.isError) return <span className="px-2 text-xs text-danger">Could not load invoices</span>;
  if (!invoices.data.length) return <span className="px-2 text-xs text-muted-foreground">No invoice</span>;
  return (
    <span className="flex flex-col items-end">
      {invoices.data.map((inv) => (
        <a
          key={inv.number}
          href={inv.url}
          download={`${inv.number.replaceAll("/", "-")}.pdf`}
          className="px-2 text-xs text-primary underline-offset-4 hover:underline"
          aria-label={`Download tax invoice ${inv.number} (PDF)`}
        >
          {inv.number}
        </a>
      ))}
    </span>
  );
}
