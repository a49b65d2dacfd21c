import { CANNED_REPLY_PLACEHOLDERS, type CannedReply } from "@shared/schemas/canned-reply.ts";
import { Form } from "@web/components/forms/form.tsx";
import { ActionError, BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { type OpenState, TitledDialog } from "@web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input, Textarea } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from "./canned-replies-api.ts";

const placeholderText = CANNED_REPLY_PLACEHOLDERS.map((p) => `{{${p}}}`);

/**
 * Where staff add, edit and delete the canned replies everyone shares. A dialog rather than a
 * page of its own: staff reach it from the reply box, where they notice a reply is missing.
 */
export function CannedRepliesDialog({ open, onOpenChange }: OpenState) {
  const replies = useCannedReplies(open);
  // null: the list; "new": a blank form; a reply: that reply's form
  const [editing, setEditing] = useState<CannedReply | "new" | null>(null);
  const close = (next: boolean) => {
    if (!next) setEditing(null);
    onOpenChange(next);
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={close}
      title="Canned replies"
      description={`Replies every staff member can insert into a ticket reply. ${placeholderText.join(" and ")} are filled in when inserted.`}
      className="max-w-2xl"
    >
      {editing ? (
        <CannedReplyForm
          key={editing === "new" ? "new" : editing.id}
          reply={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className="grid gap-3">
          <div>
            <Button type="button" onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" />
              New canned reply
            </Button>
          </div>
          {replies.isPending ? (
            <p className="text-sm text-muted-foreground">Loading canned replies…</p>
          ) : replies.isError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errorMessage(replies.error, "Could not load canned replies")}
            </p>
          ) : replies.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No canned replies yet. Add one for an answer you write often.
            </p>
          ) : (
            <ul className="grid divide-y rounded-lg border" aria-label="Canned replies">
              {replies.data.map((r) => (
                <CannedReplyRow key={r.id} reply={r} onEdit={() => setEditing(r)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </TitledDialog>
  );
}

function CannedReplyRow({ reply, onEdit }: { reply: CannedReply; onEdit: () => void }) {
  const remove = useDeleteCannedReply();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="min-w-0">
        <p className="font-semibold break-words">{reply.title}</p>
        <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-muted-foreground">
          {reply.body}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {confirming ? (
          <>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="border-destructive text-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(reply.id)}
            >
              {remove.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Delete "{reply.title}"
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={onEdit}
              aria-label={`Edit ${reply.title}`}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${reply.title}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      </div>
      <ActionError
        action={remove}
        fallback="Could not delete the canned reply"
        className="text-sm font-medium text-danger sm:col-span-2"
      />
    </li>
  );
}

function CannedReplyForm({ reply, onDone }: { reply: CannedReply | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveCannedReply();
  const [title, setTitle] = useState(reply?.title ?? "");
  const [body, setBody] = useState(reply?.body ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: reply?.id, title, body }, { onSuccess: onDone });
  };
  const problem = save.isError ? errorMessage(save.error, "Could not save the canned reply") : null;

  return (
    <Form
      noValidate
      onSubmit={submit}
      className="grid gap-4"
      aria-label={reply ? "Edit canned reply" : "New canned reply"}
    >
      <FormField id={`${id}-title`} label="Title" className="gap-1.5">
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="e.g. Technician visit booked"
          autoFocus
        />
      </FormField>
      <FormField
        id={`${id}-body`}
        label="Reply text"
        className="gap-1.5"
        hint={
          <>
            Placeholders: <code>{placeholderText[0]}</code> (the customer's first name) and{" "}
            <code>{placeholderText[1]}</code> (like #12).
          </>
        }
      >
        <Textarea
          {...fieldA11y(`${id}-body`, { hint: true })}
          rows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </FormField>
      {/* the server's refusal is about the whole reply, so it shows below both fields */}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          <BusyLabel busy={save.isPending} icon={null}>
            {reply ? "Save changes" : "Add canned reply"}
          </BusyLabel>
        </Button>
      </div>
    </Form>
  );
}
