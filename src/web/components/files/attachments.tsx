import { ATTACHMENT_MAX_FILES, type Attachment } from "@shared/schemas/attachment.ts";
import { Button } from "@web/components/ui/button.tsx";
import { FileButton } from "@web/components/ui/file-button.tsx";
import { ApiError, apiUpload, errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { checkFile, formatSize } from "@web/lib/upload.ts";
import { Camera, CircleAlert, FileText, Loader2, Paperclip, RotateCw, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * Photos and PDFs on tickets in the browser: choosing them (from a phone's camera too),
 * uploading them one by one after the ticket or message they belong to exists, and
 * showing them in the conversation.
 */

/** One file to the ticket (and message); the server's own message on failure. */
async function uploadAttachment(ticketId: number, file: File, messageId?: number): Promise<Attachment[]> {
  const fields: Record<string, string> = messageId ? { messageId: String(messageId) } : {};
  return apiUpload("POST /api/tickets/:id/attachments", { params: { id: ticketId }, fields }, file);
}

export interface ChosenFile {
  key: string;
  file: File;
  /** "refused": the server said no to the file itself (its type, size, content); sending it again cannot help */
  status: "ready" | "uploading" | "done" | "failed" | "refused";
  error?: string;
}

/** the answers that refuse the file itself, as against a connection or a server that may do better next time */
const REFUSALS: ReadonlySet<number> = new Set([400, 413, 415, 422]);

let nextKey = 0;

/**
 * The files chosen for a ticket or a reply, and their uploads. `upload` sends each file
 * that is not yet up and answers how many are not up; a failed file stays in the list with
 * the reason, and the next `upload` tries it again. A refused one stays with the reason
 * until it is removed, and is not sent again.
 */
export function useChosenFiles() {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const current = useRef(files);
  current.current = files;

  const add = useCallback((list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const problems: string[] = [];
    const accepted: ChosenFile[] = [];
    for (const file of picked) {
      const problem = checkFile(file);
      if (problem) problems.push(problem);
      else accepted.push({ key: `f${nextKey++}`, file, status: "ready" });
    }
    const room = ATTACHMENT_MAX_FILES - current.current.length;
    if (accepted.length > room) {
      problems.push(`Please attach at most ${ATTACHMENT_MAX_FILES} files at a time.`);
      accepted.splice(Math.max(room, 0));
    }
    setErrors(problems);
    setFiles((old) => [...old, ...accepted]);
  }, []);

  const remove = useCallback((key: string) => {
    setErrors([]);
    setFiles((old) => old.filter((f) => f.key !== key));
  }, []);

  const upload = useCallback(async (ticketId: number, messageId?: number): Promise<number> => {
    const update = (key: string, change: Partial<ChosenFile>) =>
      setFiles((old) => old.map((f) => (f.key === key ? { ...f, ...change } : f)));
    let failed = 0;
    for (const f of current.current) {
      if (f.status === "done") continue;
      failed++;
      if (f.status === "refused") continue;
      update(f.key, { status: "uploading", error: undefined });
      try {
        await uploadAttachment(ticketId, f.file, messageId);
        update(f.key, { status: "done" });
        failed--;
      } catch (err) {
        const refused = err instanceof ApiError && REFUSALS.has(err.status);
        update(f.key, {
          status: refused ? "refused" : "failed",
          error: errorMessage(err, "The upload failed. Please try again."),
        });
      }
    }
    return failed;
  }, []);

  const clear = useCallback(() => {
    setFiles([]);
    setErrors([]);
  }, []);

  return { files, errors, add, remove, upload, clear };
}

export type ChosenFiles = ReturnType<typeof useChosenFiles>;

/**
 * "Take a photo" opens a phone's camera; "Add photos or PDFs" its gallery and files. The
 * chosen files are listed with their sizes, a remove button and, after an upload, whether
 * each one made it.
 */
export function AttachmentPicker({
  chosen,
  disabled,
  onRetry,
}: {
  chosen: ChosenFiles;
  disabled?: boolean;
  /** shown beside a failed file once its ticket or message exists */
  onRetry?: () => void;
}) {
  const id = useId();
  const full = chosen.files.length >= ATTACHMENT_MAX_FILES;
  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    chosen.add(e.target.files);
    // the same file may be chosen again after it was removed
    e.target.value = "";
  };
  return (
    <div className="grid gap-3" data-testid="attachment-picker">
      <div>
        <p className="text-sm font-medium" id={`${id}-label`}>
          Photos or documents <span className="font-normal text-muted-foreground">(optional)</span>
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground" id={`${id}-hint`}>
          Up to {ATTACHMENT_MAX_FILES} photos (JPEG, PNG, WebP) or PDFs, 10 MB each.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <FileButton
          accept="image/*"
          capture="environment"
          disabled={full || disabled}
          aria-describedby={`${id}-hint`}
          onChange={pick}
        >
          <Camera aria-hidden="true" className="size-4" /> Take a photo
        </FileButton>
        <FileButton
          accept="image/*,application/pdf"
          multiple
          disabled={full || disabled}
          aria-describedby={`${id}-hint`}
          onChange={pick}
          data-testid="attachment-input"
        >
          <Paperclip aria-hidden="true" className="size-4" /> Add photos or PDFs
        </FileButton>
      </div>
      {chosen.errors.length > 0 ? (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-danger">
          {chosen.errors.map((e) => (
            <li key={e} className="flex gap-1.5">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {e}
            </li>
          ))}
        </ul>
      ) : null}
      {chosen.files.length > 0 ? (
        <ul className="grid gap-2" aria-label="Chosen files" data-testid="chosen-files">
          {chosen.files.map((f) => (
            <ChosenFileRow
              key={f.key}
              chosen={f}
              disabled={disabled}
              onRemove={() => chosen.remove(f.key)}
              onRetry={onRetry}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ChosenFileRow({
  chosen,
  disabled,
  onRemove,
  onRetry,
}: {
  chosen: ChosenFile;
  disabled?: boolean;
  onRemove: () => void;
  onRetry?: () => void;
}) {
  const { file, status, error } = chosen;
  // a data: address, which the site's content policy allows for images (blob: it does not)
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith("image/") || status === "refused") return setPreview(null);
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file, status]);
  return (
    <li
      className={cn(
        "flex min-w-0 items-center gap-3 rounded-lg border p-2 text-sm",
        (status === "failed" || status === "refused") && "border-destructive/50 bg-destructive/5",
      )}
    >
      {preview ? (
        // bytes the browser cannot draw (a file named .png that is not one) show the file icon
        <img
          src={preview}
          alt=""
          className="size-12 shrink-0 rounded object-cover"
          onError={() => setPreview(null)}
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded bg-secondary">
          <FileText aria-hidden="true" className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{file.name}</p>
        <p className="text-xs text-muted-foreground">
          {formatSize(file.size)}
          {status === "uploading" ? " · Uploading..." : status === "done" ? " · Uploaded" : ""}
        </p>
        {(status === "failed" || status === "refused") && error ? (
          // the server's reason names the file: a long name without spaces wraps anywhere
          <p role="alert" className="mt-0.5 text-xs font-medium [overflow-wrap:anywhere] text-danger">
            Not uploaded: {error}
          </p>
        ) : null}
      </div>
      {status === "uploading" ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      {status === "failed" && onRetry ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="shrink-0"
          onClick={onRetry}
          disabled={disabled}
        >
          <RotateCw aria-hidden="true" /> Retry
        </Button>
      ) : null}
      {status !== "done" && status !== "uploading" ? (
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="shrink-0"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${file.name}`}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

// shared with the policy items' photos, so they live outside this feature
export { FileThumbnails as AttachmentThumbnails } from "@web/components/files/file-thumbnails.tsx";
