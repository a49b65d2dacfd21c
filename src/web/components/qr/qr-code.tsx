import { useEffect, useState } from "react";

/**
 * A QR code drawn as one SVG path, once the page is in the browser, with the QR library
 * loaded only then, so it never weighs on a page's first load. `text` null: not known yet
 * (an address made from the site's origin), nothing drawn.
 */
export function QrCode({ text, label }: { text: string | null; label: string }) {
  const [shape, setShape] = useState<{ size: number; d: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let live = true;
    void import("qrcode").then((QRCode) => {
      const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
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
  }, [text]);
  return shape ? (
    <svg viewBox={`0 0 ${shape.size} ${shape.size}`} role="img" aria-label={label} className="size-full">
      <path d={shape.d} fill="#000" shapeRendering="crispEdges" />
    </svg>
  ) : null;
}
