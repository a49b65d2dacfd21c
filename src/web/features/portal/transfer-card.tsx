import { zodResolver } from "@hookform/resolvers/zod";
import { formatDate } from "@shared/format.ts";
import {
  TRANSFER_LINK_DAYS,
  type Transfer,
  type TransferStart,
  TransferStartSchema,
} from "@shared/schemas/transfer.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { apiCall, apiQuery, errorMessage } from "@web/lib/api.ts";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { ArrowRightLeft, Clock, MailCheck, X } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";

const FIELDS = ["name", "email", "phone"] as const;

const currentQuery = (id: number) => apiQuery("GET /api/purchases/:id/transfer", { params: { id } });

/**
 * "Selling your home?": the holder hands the policy to the buyer. The buyer gets an e-mail
 * link to accept; until they do, the holder can cancel. Shown on an active policy only.
 */
export function TransferCard({ purchaseId }: { purchaseId: number }) {
  const query = useQuery(currentQuery(purchaseId));
  const transfer = query.data?.transfer ?? null;
  return (
    <Card className="p-6" data-testid="transfer-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ArrowRightLeft aria-hidden="true" className="size-5 text-primary" /> Selling your home?
      </h2>
      {query.isPending ? null : transfer ? (
        <TransferUnderWay purchaseId={purchaseId} transfer={transfer} />
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">
            Your warranty stays with the home. Transfer it to the buyer: they accept with a link we e-mail
            them, and the cover continues in their name to the same end date.
          </p>
          <div className="mt-4">
            <FormDialog
              icon={ArrowRightLeft}
              trigger="Transfer to the buyer"
              triggerProps={{ className: "w-full" }}
              title="Transfer this policy to the buyer"
              description={`We will e-mail the buyer a link to accept. It works once, for ${TRANSFER_LINK_DAYS} days, and only when they sign in with this e-mail address. Until they accept, you can cancel.`}
              className="max-w-md"
              form={(close) => <StartFields purchaseId={purchaseId} onDone={close} />}
            />
          </div>
        </>
      )}
    </Card>
  );
}

function TransferUnderWay({ purchaseId, transfer }: { purchaseId: number; transfer: Transfer }) {
  if (transfer.status === "accepted") {
    return (
      <p className="mt-3 flex gap-2 text-sm" role="status">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          <strong>{transfer.buyerName}</strong> accepted the transfer. Our team is checking it and will e-mail
          you both once it is approved.
        </span>
      </p>
    );
  }
  return (
    <>
      <p className="mt-3 flex gap-2 text-sm" role="status">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Waiting for <strong>{transfer.buyerName}</strong> to accept. We e-mailed the link to{" "}
          <span className="break-all">{transfer.buyerEmail}</span>; it works until{" "}
          {formatDate(transfer.expiresAt)}.
        </span>
      </p>
      <div className="mt-4">
        <FormDialog
          icon={X}
          trigger="Cancel the transfer"
          triggerProps={{ className: "w-full", variant: "outline" }}
          title="Cancel this transfer?"
          description={`The link we sent to ${transfer.buyerEmail} will stop working, and we will tell the buyer. You can start a new transfer at any time.`}
          className="max-w-md"
          form={(close) => <CancelFields purchaseId={purchaseId} onDone={close} />}
        />
      </div>
    </>
  );
}

function useRefreshTransfer(purchaseId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentQuery(purchaseId).queryKey });
}

function StartFields({ purchaseId, onDone }: { purchaseId: number; onDone: () => void }) {
  const id = useId();
  const refresh = useRefreshTransfer(purchaseId);
  const form = useForm<TransferStart>({
    resolver: zodResolver(TransferStartSchema),
    defaultValues: { name: "", email: "", phone: "" },
  });
  const start = useMutation({
    mutationFn: (body: TransferStart) =>
      apiCall("POST /api/purchases/:id/transfer", { params: { id: purchaseId }, body }),
  });
  const fields = formFields(form, id);
  const { failed } = useSaveErrors({
    form,
    fields: FIELDS,
    toast: { title: "Could not start the transfer", fallback: "Please try again." },
  });
  const onSubmit = form.handleSubmit((body) =>
    start.mutate(body, {
      onSuccess: (transfer) => {
        toast({
          title: "Transfer started",
          description: `We have e-mailed ${transfer.buyerEmail} a link to accept.`,
        });
        void refresh();
        onDone();
      },
      onError: failed,
    }),
  );
  return (
    <Form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Transfer to the buyer">
      <FormField {...fields.field("name")} label="Buyer's full name">
        <Input {...fields.control("name")} autoComplete="off" />
      </FormField>
      <FormField {...fields.field("email")} label="Buyer's e-mail">
        <Input type="email" inputMode="email" {...fields.control("email")} autoComplete="off" />
      </FormField>
      <FormField {...fields.field("phone")} label="Buyer's phone">
        <Input type="tel" inputMode="tel" {...fields.control("phone")} autoComplete="off" />
      </FormField>
      <FormDialogFooter pending={start.isPending} label="Send the link" pendingLabel="Sending..." />
    </Form>
  );
}

function CancelFields({ purchaseId, onDone }: { purchaseId: number; onDone: () => void }) {
  const refresh = useRefreshTransfer(purchaseId);
  const cancel = useMutation({
    mutationFn: () => apiCall("POST /api/purchases/:id/transfer/cancel", { params: { id: purchaseId } }),
  });
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        cancel.mutate(undefined, {
          onSuccess: () => {
            toast({ title: "Transfer cancelled", description: "The buyer's link no longer works." });
            void refresh();
            onDone();
          },
          onError: (error) =>
            toast({
              title: "Could not cancel the transfer",
              description: errorMessage(error, "Please try again."),
              variant: "destructive",
            }),
        });
      }}
    >
      <FormDialogFooter
        pending={cancel.isPending}
        label="Cancel the transfer"
        pendingLabel="Cancelling..."
        cancelLabel="Keep it"
        destructive
      />
    </Form>
  );
}
