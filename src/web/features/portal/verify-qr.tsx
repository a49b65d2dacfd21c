import { cn } from "@web/lib/cn.ts";
import { useEffect, useState } from "react";

/**
 * The verification page's QR code, as on the PDF: drawn once the page is in the browser
 * (the address needs the site's own origin), with the QR library loaded only then, so it
 * never weighs on the page's first load.
 */
export function VerifyQr({ path, label, className }: { path: string; label: string; className?: string }) {
  const [shape, setShape] = useState<{ size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((QRCode) => {
      const qr = QRCode.create(window.location.origin + path, { errorCorrectionLevel: "M" });
      const n = qr.modules.size;
      let d = "";
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
      }
      if (live) setShape({ size: n + 4, d });
    });
    return () => {
      live = false;
    };
  }, [path]);
  return (
    <div className={cn("mt-4 size-36 rounded-md bg-white p-1", className)} data-testid="verify-qr">
      {shape ? (
        <svg viewBox={`0 0 ${shape.size} ${shape.size}`} role="img" aria-label={label} className="size-full">
          <path d={shape.d} fill="#000" shapeRendering="crispEdges" />
        </svg>
      ) : null}
    </div>
  );
}
