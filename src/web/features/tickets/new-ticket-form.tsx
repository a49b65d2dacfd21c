import { zodResolver } from "@hookform/resolvers/zod";
import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { PolicyListItem } from "@shared/schemas/policy.ts";
import { TICKET_PRIORITIES, TicketCreateSchema, type TicketPriority } from "@shared/schemas/ticket.ts";
import { useQuery } from "@tanstack/react-query";
import { AttachmentPicker, useChosenFiles } from "@web/components/files/attachments.tsx";
import { Form } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { BackLink } from "@web/components/layout/back-link.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { TICKET_PRIORITY_LABELS } from "@web/components/status/ticket-badges.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect, Textarea } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiQuery, errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { dashboardState } from "@web/lib/dashboard-tab.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { Send, ShieldOff } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { z } from "zod";
import { useCreateTicket } from "./api.ts";
import { CoveredItemField, claimedItem } from "./covered-item-field.tsx";

const PRIORITY_HINTS: Record<TicketPriority, string> = {
  low: "Cosmetic, no rush",
  medium: "Needs attention soon",
  high: "Affects daily use",
  urgent: "Safety risk or damage spreading",
};

/** /tickets/new: only active policies, the form's fixed messages, priority medium by default. */
export function NewTicketScreen() {
  const purchases = useQuery(apiQuery("GET /api/purchases"));
  const active = useMemo(
    () => purchases.data?.filter((p) => p.purchase.status === "active") ?? [],
    [purchases.data],
  );

  return (
    <Container className="max-w-3xl py-8 md:py-12">
      <PageMeta
        title="Raise a Support Ticket"
        description="Report a problem with a covered item."
        path={paths.newTicket}
        noindex
      />
      <BackLink href={paths.dashboard}>Back to Dashboard</BackLink>
      <h1 className="mt-4 font-display text-3xl font-bold md:text-4xl">Raise a Support Ticket</h1>
      <p className="mt-2 text-muted-foreground">
        Tell us what's wrong and which property it concerns. Our support team replies here, usually within one
        business day.
      </p>
      <div className="mt-8">
        {purchases.isPending ? (
          <LoadingRegion label="Loading your policies..." className="grid gap-5">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-32 w-full" />
          </LoadingRegion>
        ) : purchases.isError ? (
          <LoadError what="your policies" onRetry={() => void purchases.refetch()} />
        ) : active.length === 0 ? (
          <EmptyState
            framed
            icon={<ShieldOff aria-hidden="true" />}
            headingLevel="h2"
            title="No active policies found"
            actions={
              <>
                <Button asChild>
                  <Link href={paths.b2c}>Browse Warranty Plans</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link href={paths.dashboard}>Back to Dashboard</Link>
                </Button>
              </>
            }
          >
            Support tickets can be raised on an active warranty policy. Choose a plan to protect your home
            interiors, or call us if you think a policy is missing.
          </EmptyState>
        ) : (
          <NewTicketForm policies={active} />
        )}
      </div>
    </Container>
  );
}

/**
 * The claim form also asks which room or item is affected, and which covered item failed,
 * on top of the spec's four fields. Both are optional: a homeowner who fills only the
 * spec's fields can still send the ticket. The covered item is one choice (`coveredChoice`,
 * see covered-item-field.tsx) sent as `policyItemId` or `coveredItem`.
 */
const ClaimFormSchema = TicketCreateSchema.omit({ policyItemId: true, coveredItem: true }).extend({
  room: z.string().trim().max(100).optional(),
  coveredChoice: z.string().optional(),
});
type ClaimForm = z.input<typeof ClaimFormSchema>;
type ClaimValues = z.output<typeof ClaimFormSchema>;

function NewTicketForm({ policies }: { policies: PolicyListItem[] }) {
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  // "Raise a Support Ticket" on a policy page preselects that policy
  const wanted = Number(new URLSearchParams(search).get("purchaseId"));
  // ... and with a single active policy there is nothing to choose
  const preselected = policies.some((p) => p.purchase.id === wanted)
    ? String(wanted)
    : policies.length === 1
      ? String(policies[0].purchase.id)
      : "";

  const form = useForm<ClaimForm, unknown, ClaimValues>({
    resolver: zodResolver(ClaimFormSchema),
    defaultValues: {
      purchaseId: preselected,
      room: "",
      coveredChoice: "",
      subject: "",
      description: "",
      priority: "medium",
    },
  });
  const create = useCreateTicket();
  const chosen = useChosenFiles();
  // the ticket is raised first, then its files go up one by one; a file that fails leaves
  // the ticket as it is, and is retried here
  const [created, setCreated] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const fields = formFields(form, id);
  const saveErrors = useSaveErrors({
    form,
    fields: ["purchaseId", "subject", "description", "priority", "coveredChoice"],
    rename: { coveredItem: "coveredChoice" },
    toast: {
      title: "Failed to create ticket",
      fallback: "An error occurred while creating your support ticket.",
    },
  });
  const description = form.watch("description");
  const purchaseId = form.watch("purchaseId");
  const coveredChoice = form.watch("coveredChoice");

  // the tickets tab, with this ticket on top, marked new, saying when a reply is due
  const toDashboard = (ticketId: number) =>
    navigate(paths.dashboard, { state: dashboardState("tickets", ticketId) });
  const uploadFiles = async (ticketId: number) => {
    setUploading(true);
    const failed = await chosen.upload(ticketId);
    setUploading(false);
    if (failed === 0) toDashboard(ticketId);
    else
      toast({
        title: failed === 1 ? "A file was not uploaded" : `${failed} files were not uploaded`,
        description: "Your ticket was created. Retry the files marked below, or remove them.",
        variant: "destructive",
      });
  };

  // the room, when given, travels at the head of the description: the spec's call keeps its four fields
  const onSubmit = form.handleSubmit(({ room, coveredChoice, ...values }) =>
    create.mutate(
      {
        ...values,
        ...claimedItem(coveredChoice),
        description: room ? `Room or item: ${room}\n\n${values.description}` : values.description,
      },
      {
        onSuccess: (ticket) => {
          toast({
            title: "Support ticket created",
            description: `Ticket #${ticket.id}: our support team will be in touch soon.`,
          });
          if (chosen.files.length === 0) return toDashboard(ticket.id);
          setCreated(ticket.id);
          void uploadFiles(ticket.id);
        },
        onError: saveErrors.failed,
      },
    ),
  );

  // the priority radios are named by their fieldset's legend, not a FormField's label, so
  // the group takes only its message from formFields and wires it to the fieldset here
  const priorityError = fields.field("priority").error;
  if (created !== null) {
    return (
      <Card className="grid gap-6 p-5 sm:p-8" data-testid="ticket-uploads">
        <div>
          <h2 className="font-display text-xl font-bold">Ticket #{created} has been created</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {uploading
              ? "Uploading your files..."
              : "Some files did not upload. Retry them, remove them, or go on to your ticket and add them later."}
          </p>
        </div>
        <AttachmentPicker chosen={chosen} disabled={uploading} onRetry={() => void uploadFiles(created)} />
        <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link href={paths.ticket(created)}>Go to ticket</Link>
          </Button>
          <Button type="button" disabled={uploading} onClick={() => void uploadFiles(created)}>
            <BusyLabel busy={uploading} icon={<Send aria-hidden="true" />} busyText="Uploading...">
              Retry upload
            </BusyLabel>
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <Card className="p-5 sm:p-8">
      <Form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="New support ticket">
        <FormField
          {...fields.field("purchaseId")}
          label="Property policy"
          hint="Only active policies can be chosen."
        >
          <NativeSelect {...fields.control("purchaseId", { hint: true })}>
            <option value="">Select a policy</option>
            {policies.map(({ purchase, planName }) => (
              <option key={purchase.id} value={purchase.id}>
                {planName} · {purchase.policyNumber} · {purchase.propertyAddress}, {purchase.propertyCity}{" "}
                (until {formatDate(purchase.endDate)})
              </option>
            ))}
          </NativeSelect>
        </FormField>

        {/* its own component lays out the label, hint and select; it gets the id and message here */}
        <CoveredItemField
          {...fields.field("coveredChoice", { id: `${id}-covered` })}
          purchaseId={Number(purchaseId) || null}
          register={form.register("coveredChoice")}
          value={coveredChoice ?? ""}
          onOptionsChange={(valid) => {
            // a choice from another policy's record would be refused: start again
            if (coveredChoice && !valid.includes(coveredChoice)) form.setValue("coveredChoice", "");
          }}
        />

        <FormField
          {...fields.field("room")}
          label="Room or item affected"
          optional
          hint="So the technician comes with the right parts."
        >
          <Input
            {...fields.control("room", { hint: true })}
            placeholder="e.g. Kitchen, master bedroom wardrobe"
            maxLength={100}
          />
        </FormField>

        <FormField {...fields.field("subject")} label="Subject">
          <Input
            {...fields.control("subject")}
            placeholder="e.g. Kitchen cabinet hinge has come loose"
            maxLength={200}
          />
        </FormField>

        <FormField
          {...fields.field("description")}
          label="Description"
          hint={`Which item, where in the home, and what happens. ${String(description ?? "").length}/5000`}
        >
          <Textarea
            {...fields.control("description", { hint: true })}
            rows={6}
            maxLength={5000}
            placeholder="Describe the issue: which room and item, when you noticed it, and anything you've tried."
          />
        </FormField>

        <fieldset
          className="grid gap-3"
          aria-describedby={priorityError ? `${id}-priority-error` : undefined}
          aria-invalid={priorityError ? true : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Priority</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {TICKET_PRIORITIES.map((p) => (
              <label
                key={p}
                className={cn(
                  "flex cursor-pointer flex-col gap-0.5 rounded-lg border p-3 text-sm transition-colors hover:bg-secondary",
                  "has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:checked]:ring-1 has-[:checked]:ring-primary",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                )}
              >
                <span className="flex items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    value={p}
                    className="size-4 accent-[var(--primary)]"
                    {...form.register("priority")}
                  />
                  {TICKET_PRIORITY_LABELS[p]}
                </span>
                <span className="pl-6 text-xs text-muted-foreground">{PRIORITY_HINTS[p]}</span>
              </label>
            ))}
          </div>
          {priorityError ? (
            <p id={`${id}-priority-error`} className="text-sm font-medium text-danger">
              {priorityError}
            </p>
          ) : null}
        </fieldset>

        <AttachmentPicker chosen={chosen} disabled={create.isPending} />

        {create.isError ? (
          <FormFailure
            title="Failed to create ticket"
            message={errorMessage(create.error, "An error occurred while creating your support ticket.")}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link href={paths.dashboard}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={create.isPending}>
            <BusyLabel busy={create.isPending} icon={<Send aria-hidden="true" />} busyText="Submitting...">
              Submit Ticket
            </BusyLabel>
          </Button>
        </div>
      </Form>
    </Card>
  );
}
