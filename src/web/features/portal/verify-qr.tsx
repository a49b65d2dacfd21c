import { QrCode } from "@web/components/qr/qr-code.tsx";
import { cn } from "@web/lib/cn.ts";
import { useEffect, useState } from "react";

/**
 * The verification page's QR code, as on the PDF: drawn once the page is in the browser,
 * as the address needs the site's own origin.
 */
export function VerifyQr({ path, label, className }: { path: string; label: string; className?: string }) {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => setAddress(window.location.origin + path), [path]);
  return (
    <div className={cn("mt-4 size-36 rounded-md bg-white p-1", className)} data-testid="verify-qr">
      <QrCode text={address} label={label} />
    </div>
  );
}
