import { TransferAccept } from "@web/features/portal/transfer-accept.tsx";

/** /transfer#token=…: the buyer accepts a policy transfer (signs in first when needed). */
export default function TransferPage() {
  return <TransferAccept />;
}
