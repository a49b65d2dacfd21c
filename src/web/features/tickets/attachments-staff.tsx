import { useQueryClient } from "@tanstack/react-query";
import { AttachmentPicker, useChosenFiles } from "@web/components/files/attachments.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { Upload } from "lucide-react";
import { useState } from "react";

/**
 * Staff add photos or PDFs to a ticket from the console (a technician's site photos, a
 * supplier's invoice): the customer sees them with the request.
 */
export function StaffAttachmentUpload({ ticketId }: { ticketId: number }) {
  const chosen = useChosenFiles();
  const qc = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const pending = chosen.files.some((f) => f.status !== "done");

  const send = async () => {
    setUploading(true);
    const failed = await chosen.upload(ticketId);
    setUploading(false);
    void qc.invalidateQueries({
      queryKey: apiQuery("GET /api/admin/tickets/:id", { params: { id: ticketId } }).queryKey,
    });
    if (failed === 0) {
      chosen.clear();
      toast({ title: "Files added to the ticket" });
    } else {
      toast({
        title: failed === 1 ? "A file was not uploaded" : `${failed} files were not uploaded`,
        description: "Retry the files marked below, or remove them.",
        variant: "destructive",
      });
    }
  };

  return (
    <div className="grid gap-3 rounded-xl border p-4" data-testid="staff-attachments">
      <AttachmentPicker chosen={chosen} disabled={uploading} onRetry={() => void send()} />
      {pending ? (
        <div className="flex justify-end">
          <Button type="button" onClick={() => void send()} disabled={uploading}>
            <BusyLabel busy={uploading} icon={<Upload aria-hidden="true" />} busyText="Uploading...">
              Add to ticket
            </BusyLabel>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
