import { type AdminTransfer, PROOF_OF_SALE_REQUIRED, PROOF_REFERENCE_MAX } from "@shared/schemas/transfer.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FileButton } from "@web/components/ui/file-button.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { apiUpload, errorMessage } from "@web/lib/api.ts";
import { POLICY_READS, refreshReads } from "@web/lib/refresh.ts";
import { toast } from "@web/lib/toast.ts";
import { checkFile, formatSize } from "@web/lib/upload.ts";
import { Check, Paperclip, X } from "lucide-react";
import { useId, useState } from "react";

/**
 * Approving a transfer moves a policy to someone else, so it is a dialog that says which
 * policy, from whom, to whom and on which plan, and asks for the proof of sale the office
 * keeps: the sale document, its reference, or both.
 */
export function ApproveTransferDialog({ transfer: t }: { transfer: AdminTransfer }) {
  return (
    <FormDialog
      icon={Check}
      trigger="Approve"
      triggerProps={{
        size: "sm",
        variant: "default",
        "aria-label": `Approve the transfer of ${t.policyNumber}`,
      }}
      title={`Approve the transfer of ${t.policyNumber}?`}
      description="The policy moves to the buyer at once and both are e-mailed. This cannot be undone."
      form={(close) => <ApproveForm transfer={t} onApproved={close} />}
    />
  );
}

function ApproveForm({ transfer: t, onApproved }: { transfer: AdminTransfer; onApproved: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reference, setReference] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const approve = useMutation({
    mutationFn: () =>
      apiUpload(
        "POST /api/admin/transfers/:id/approve",
        { params: { id: t.id }, fields: { reference: reference.trim() } },
        file,
      ),
    onSuccess: () => {
      // the policy changes hands: the transfer's row, and wherever the policy shows
      void refreshReads(queryClient, "GET /api/admin/transfers", ...POLICY_READS);
      onApproved();
      toast({
        title: "Transfer approved",
        description: `${t.policyNumber} is now ${t.buyer?.name ?? t.buyerName}'s. Both have been e-mailed.`,
      });
    },
    onError: (err) => setProblem(errorMessage(err, "The transfer could not be approved. Please try again.")),
  });
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const refused = checkFile(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
  };
  return (
    <Form
      noValidate
      className="grid gap-4"
      aria-label="Approve the transfer"
      onSubmit={(e) => {
        e.preventDefault();
        if (!file && !reference.trim()) return setProblem(PROOF_OF_SALE_REQUIRED);
        setProblem(null);
        approve.mutate();
      }}
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-md border bg-muted/40 p-3 text-sm">
        <dt className="text-muted-foreground">Policy</dt>
        <dd className="font-mono font-semibold">{t.policyNumber}</dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd>{t.planName} Plan</dd>
        <dt className="text-muted-foreground">Seller</dt>
        <dd className="break-words">
          {t.seller.name} <span className="text-muted-foreground">({t.seller.email})</span>
        </dd>
        <dt className="text-muted-foreground">Buyer</dt>
        <dd className="break-words">
          {t.buyer?.name ?? t.buyerName}{" "}
          <span className="text-muted-foreground">
            ({t.buyer?.email ?? t.buyerEmail}, {t.buyerPhone})
          </span>
        </dd>
      </dl>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Proof of sale</legend>
        <p className="text-xs text-muted-foreground">
          The sale document, its reference, or both: at least one is needed. They are kept with the transfer.
        </p>
        <div className="grid gap-2">
          <span className="text-sm font-medium">Sale document</span>
          <div className="flex flex-wrap items-center gap-2">
            <FileButton
              size="sm"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              aria-label="Sale document (PDF or photo)"
              data-testid="proof-file"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            >
              <Paperclip aria-hidden="true" className="size-4" />
              {file ? "Choose another" : "Choose a file"}
            </FileButton>
            {file ? (
              <span className="flex min-w-0 items-center gap-1 text-sm">
                <span className="truncate" data-testid="proof-file-name">
                  {file.name}
                </span>
                <span className="shrink-0 text-muted-foreground">({formatSize(file.size)})</span>
                <button
                  type="button"
                  className="rounded-sm p-1 text-muted-foreground hover:text-foreground"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFile(null)}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </span>
            ) : (
              <span className="text-xs text-muted-foreground">PDF or photo, up to 10 MB</span>
            )}
          </div>
        </div>
        <FormField id={`${id}-reference`} label="Reference" optional={file !== null}>
          <Input
            id={`${id}-reference`}
            name="reference"
            value={reference}
            maxLength={PROOF_REFERENCE_MAX}
            onChange={(e) => setReference(e.target.value)}
            placeholder="e.g. Sale deed 4471/2026, SRO Adyar"
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </FormField>
      </fieldset>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <FormDialogFooter
        pending={approve.isPending}
        label="Approve transfer"
        pendingLabel="Approving..."
        icon={<Check aria-hidden="true" />}
      />
    </Form>
  );
}
