import { paths } from "@shared/paths.ts";
import { type NewsInput, NewsInputSchema } from "@shared/schemas/news.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldA11y, messagesByField } from "@web/components/ui/form-field.tsx";
import { Input, Textarea } from "@web/components/ui/input.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { ApiError, apiCall, apiQuery, errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { Megaphone, Send, Users } from "lucide-react";
import { useId, useState } from "react";
import { AdminPage } from "./admin-frame.tsx";

const audienceQuery = () => apiQuery("GET /api/admin/news/audience");

/** a fresh key per message: sending the same one twice (a double click, a retry) sends nothing more */
const newKey = () => crypto.randomUUID();

/**
 * News by e-mail: a subject and a short text, sent to every customer who agreed to marketing
 * e-mail (the count is shown before sending), each through the queue with a one-click
 * unsubscribe. A second step asks for confirmation; what was typed stays if sending fails.
 */
export default function AdminNewsPage() {
  return (
    <AdminPage
      title="News"
      path={paths.adminNews}
      description="Send a short message by e-mail to customers who agreed to receive news."
    >
      <NewsForm />
    </AdminPage>
  );
}

function NewsForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const audience = useQuery(audienceQuery());
  const [draft, setDraft] = useState<NewsInput>({ subject: "", text: "", key: newKey() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: (body: NewsInput) => apiCall("POST /api/admin/news", { body }),
    onSuccess: (sent) => {
      toast({ title: "News sent", description: sent.message });
      setDraft({ subject: "", text: "", key: newKey() });
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: audienceQuery().queryKey });
    },
    onError: (err) => {
      setConfirming(false);
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      toast({
        title: "News not sent",
        description: errorMessage(err, "Please try again."),
        variant: "destructive",
      });
    },
  });
  const recipients = audience.data?.recipients;

  const check = () => {
    const parsed = NewsInputSchema.safeParse(draft);
    if (parsed.success) {
      setErrors({});
      return true;
    }
    setErrors(messagesByField(parsed.error));
    return false;
  };

  return (
    <div className="grid max-w-3xl gap-6">
      <Card className="flex items-center gap-3 p-4 text-sm" data-testid="news-audience">
        <Users aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {audience.isPending ? (
          <Skeleton className="h-5 w-64" />
        ) : audience.isError ? (
          <span>The number of recipients could not be loaded.</span>
        ) : (
          <span>
            <strong className="text-base">{recipients}</strong>{" "}
            {recipients === 1 ? "customer has" : "customers have"} agreed to receive news and will get this
            e-mail. Each e-mail carries a one-click unsubscribe.
          </span>
        )}
      </Card>
      <Card className="p-4 sm:p-6">
        <Form
          noValidate
          className="grid gap-5"
          aria-label="Write news"
          onSubmit={(e) => {
            e.preventDefault();
            if (check()) setConfirming(true);
          }}
        >
          <FormField id={`${id}-subject`} label="Subject" error={errors.subject}>
            <Input
              {...fieldA11y(`${id}-subject`, { error: errors.subject })}
              value={draft.subject}
              maxLength={120}
              onChange={(e) => {
                setDraft({ ...draft, subject: e.target.value });
                setConfirming(false);
              }}
            />
          </FormField>
          <FormField
            id={`${id}-text`}
            label="Message"
            error={errors.text}
            hint="Plain text. Leave a blank line between paragraphs. Each customer is greeted by name."
          >
            <Textarea
              {...fieldA11y(`${id}-text`, { error: errors.text, hint: true })}
              rows={10}
              value={draft.text}
              onChange={(e) => {
                setDraft({ ...draft, text: e.target.value });
                setConfirming(false);
              }}
            />
          </FormField>
          {confirming ? (
            <div
              role="alertdialog"
              aria-labelledby={`${id}-confirm`}
              className="grid gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 dark:border-amber-500/50 dark:bg-amber-500/10"
            >
              <p id={`${id}-confirm`} className="text-sm font-medium">
                Send “{draft.subject.trim()}” to {recipients ?? "every"}{" "}
                {recipients === 1 ? "customer" : "customers"} now? This cannot be undone.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={() => send.mutate(draft)} disabled={send.isPending}>
                  <BusyLabel busy={send.isPending} icon={<Send aria-hidden="true" />}>
                    Yes, send now
                  </BusyLabel>
                </Button>
                <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button type="submit" className="justify-self-start" disabled={recipients === 0}>
              <Megaphone aria-hidden="true" /> Send news
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
