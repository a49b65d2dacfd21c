import { zodResolver } from "@hookform/resolvers/zod";
import { TICKET_REPLY_ANCHOR } from "@shared/paths.ts";
import { TicketMessageSchema } from "@shared/schemas/ticket.ts";
import { useQueryClient } from "@tanstack/react-query";
import { AttachmentPicker, useChosenFiles } from "@web/components/files/attachments.tsx";
import { Form } from "@web/components/forms/form.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Textarea } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { SendHorizontal } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ticketQuery, usePostTicketMessage } from "./api.ts";

type Reply = z.input<typeof TicketMessageSchema>;

/** The customer's reply box under a ticket's conversation. Ctrl/⌘+Enter sends. */
export function TicketReplyForm({ ticketId }: { ticketId: number }) {
  const id = useId();
  const form = useForm<Reply, unknown, z.output<typeof TicketMessageSchema>>({
    resolver: zodResolver(TicketMessageSchema),
    defaultValues: { body: "" },
  });
  const post = usePostTicketMessage(ticketId);
  const fields = formFields(form, id);
  const chosen = useChosenFiles();
  const queryClient = useQueryClient();
  // the message the chosen files go with, once it is sent: a failed file is retried onto it
  const [sentId, setSentId] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);

  // "Add photos" after raising a ticket links here (#reply): the page arrives after its data,
  // so nothing scrolled to the box on the way in
  useEffect(() => {
    if (window.location.hash === `#${TICKET_REPLY_ANCHOR}`)
      document.getElementById(TICKET_REPLY_ANCHOR)?.scrollIntoView({ block: "start", behavior: "instant" });
  }, []);

  const uploadFiles = async (messageId: number) => {
    setUploading(true);
    const failed = await chosen.upload(ticketId, messageId);
    setUploading(false);
    void queryClient.invalidateQueries({ queryKey: ticketQuery(ticketId).queryKey });
    if (failed === 0) {
      chosen.clear();
      setSentId(null);
    } else {
      toast({
        title: failed === 1 ? "A file was not uploaded" : `${failed} files were not uploaded`,
        description: "Your message was sent. Retry the files marked below, or remove them.",
        variant: "destructive",
      });
    }
  };

  const onSubmit = form.handleSubmit(({ body }) =>
    post.mutate(body, {
      onSuccess: (message) => {
        form.reset();
        toast({ title: "Message sent", description: "Our support team has been notified." });
        if (chosen.files.length > 0) {
          setSentId(message.id);
          void uploadFiles(message.id);
        }
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
    <Form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Reply to support">
      <FormField
        {...fields.field("body")}
        label="Your reply"
        hint={
          // a phone has no Ctrl key: the hint is for keyboards only
          <span className="pointer-coarse:hidden">Press Ctrl + Enter to send.</span>
        }
      >
        <Textarea
          {...fields.control("body", { hint: true })}
          rows={4}
          maxLength={5000}
          placeholder="Write a message to our support team"
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void onSubmit();
            }
          }}
        />
      </FormField>
      <AttachmentPicker
        chosen={chosen}
        disabled={post.isPending || uploading}
        onRetry={sentId !== null ? () => void uploadFiles(sentId) : undefined}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={post.isPending || uploading}>
          <BusyLabel busy={post.isPending} icon={<SendHorizontal aria-hidden="true" />} busyText="Sending...">
            Send Reply
          </BusyLabel>
        </Button>
      </div>
    </Form>
  );
}
