import { zodResolver } from "@hookform/resolvers/zod";
import { TicketMessageSchema } from "@shared/schemas/ticket.ts";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Textarea } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { Loader2, SendHorizontal } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { usePostTicketMessage } from "./api.ts";

type Reply = z.input<typeof TicketMessageSchema>;

/** The customer's reply box under a ticket's conversation. Ctrl/⌘+Enter sends. */
export function TicketReplyForm({ ticketId }: { ticketId: number }) {
  const id = useId();
  const form = useForm<Reply, unknown, z.output<typeof TicketMessageSchema>>({
    resolver: zodResolver(TicketMessageSchema),
    defaultValues: { body: "" },
  });
  const post = usePostTicketMessage(ticketId);
  const error = form.formState.errors.body?.message;

  const onSubmit = form.handleSubmit(({ body }) =>
    post.mutate(body, {
      onSuccess: () => {
        form.reset();
        toast({ title: "Message sent", description: "Our support team has been notified." });
      },
      onError: (err) =>
        toast({
          title: "Message not sent",
          description: errorMessage(err, "Please try again."),
          variant: "destructive",
        }),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Reply to support">
      <FormField id={`${id}-body`} label="Your reply" error={error} hint="Press Ctrl + Enter to send.">
        <Textarea
          {...fieldA11y(`${id}-body`, { error, hint: true })}
          rows={4}
          maxLength={5000}
          placeholder="Write a message to our support team"
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void onSubmit();
            }
          }}
          {...form.register("body")}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
          {post.isPending ? "Sending..." : "Send Reply"}
        </Button>
      </div>
    </form>
  );
}
