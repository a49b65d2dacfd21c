import { QrCode } from "@web/components/qr/qr-code.tsx";

/** A UPI payment link's QR code, for the payer's UPI app to scan (white behind it in either theme). */
export function UpiQr({ uri, label }: { uri: string; label: string }) {
  return (
    <div className="mx-auto size-56 rounded-lg bg-white p-2 ring-1 ring-border" data-testid="upi-qr">
      <QrCode text={uri} label={label} />
    </div>
  );
}
