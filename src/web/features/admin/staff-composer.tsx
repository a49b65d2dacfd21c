import { zodResolver } from "@hookform/resolvers/zod";
import { type CannedReply, fillPlaceholders } from "@shared/schemas/canned-reply.ts";
import { StaffMessageSchema } from "@shared/schemas/ticket.ts";
import { Form } from "@web/components/forms/form.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Label, Textarea } from "@web/components/ui/input.tsx";
import { cn } from "@web/lib/cn.ts";
import { Loader2, LockKeyhole, MessageSquareReply, Send } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useStaffMessage } from "./api.ts";
import { CannedReplyPicker } from "./canned-replies-picker.tsx";

type FormIn = z.input<typeof StaffMessageSchema>;
type FormOut = z.output<typeof StaffMessageSchema>;

/**
 * Staff write either a reply the customer sees or an internal note only staff see. The
 * two look plainly different (an amber, locked panel for notes) so a note is never sent
 * to a customer by mistake, and the button says which one is being sent.
 */
export function StaffComposer({
  ticketId,
  customerName,
  focusOnHash,
}: {
  ticketId: number;
  customerName: string;
  /** the address's #fragment that asks for the reply box (the queue's 'r' key): focus it on arrival */
  focusOnHash?: string;
}) {
  const id = useId();
  const send = useStaffMessage(ticketId);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(StaffMessageSchema),
    defaultValues: { body: "", internal: false },
  });
  const internal = form.watch("internal") === true;
  const error = form.formState.errors.body?.message;
  const setMode = (next: boolean) => form.setValue("internal", next);
  const { setFocus } = form;
  useEffect(() => {
    if (focusOnHash && window.location.hash === `#${focusOnHash}`) setFocus("body");
  }, [focusOnHash, setFocus]);
  // a canned reply goes in at the cursor (replacing any selection), filled in for this ticket
  const insertCanned = (reply: CannedReply) => {
    const box = document.getElementById(`${id}-body`) as HTMLTextAreaElement | null;
    const text = fillPlaceholders(reply.body, { customer_name: customerName, ticket_number: `#${ticketId}` });
    const value = form.getValues("body") ?? "";
    const start = box?.selectionStart ?? value.length;
    const end = box?.selectionEnd ?? value.length;
    form.setValue("body", value.slice(0, start) + text + value.slice(end), { shouldDirty: true });
    setTimeout(() => {
      box?.focus();
      box?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  return (
    <Form
      id={focusOnHash}
      noValidate
      className={cn(
        "grid gap-3 rounded-xl border p-4 transition-colors",
        internal ? "border-dashed border-amber-500/70 bg-amber-50 dark:bg-amber-950/40" : "bg-card",
      )}
      data-mode={internal ? "internal" : "reply"}
      onSubmit={form.handleSubmit((values) =>
        send.mutate(values, { onSuccess: () => form.reset({ body: "", internal: values.internal }) }),
      )}
    >
      <fieldset>
        <legend className="sr-only">Message type</legend>
        <div className="inline-flex rounded-lg bg-muted p-1">
          {[
            { value: false, label: "Reply to customer", icon: MessageSquareReply },
            { value: true, label: "Internal note", icon: LockKeyhole },
          ].map((opt) => {
            const Icon = opt.icon;
            const checked = internal === opt.value;
            return (
              <label
                key={opt.label}
                className={cn(
                  "relative flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold text-muted-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  checked && "bg-card text-foreground shadow-sm",
                  checked && opt.value && "text-amber-900 dark:text-amber-100",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  className="absolute inset-0 cursor-pointer opacity-0"
                  checked={checked}
                  onChange={() => setMode(opt.value)}
                />
                <Icon aria-hidden="true" className="size-4" />
                {opt.label}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={`${id}-body`}>
            {internal ? "Internal note (staff only)" : `Reply to ${customerName}`}
          </Label>
          <CannedReplyPicker onPick={insertCanned} />
        </div>
        <Textarea
          id={`${id}-body`}
          rows={4}
          placeholder={
            internal
              ? "Notes for the team: findings, next steps, parts to order…"
              : "Write your reply to the customer…"
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={cn(internal && "border-amber-500/60 bg-amber-50/60 dark:bg-amber-950/30")}
          {...form.register("body")}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <p id={`${id}-hint`} className="flex items-center gap-1.5 text-xs text-muted-foreground">
          {internal ? (
            <>
              <LockKeyhole aria-hidden="true" className="size-3.5 text-amber-700 dark:text-amber-300" />
              Only staff can see internal notes. The customer never sees them.
            </>
          ) : (
            "The customer sees this reply on their ticket page."
          )}
        </p>
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={send.isPending}
          className={cn(
            internal &&
              "bg-amber-700 text-white hover:bg-amber-800 dark:bg-amber-400 dark:hover:bg-amber-300 dark:text-amber-950",
          )}
        >
          {send.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : internal ? (
            <LockKeyhole aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {internal ? "Add Internal Note" : "Send Reply"}
        </Button>
      </div>
    </Form>
  );
}
