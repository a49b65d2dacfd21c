import type { Attachment } from "@shared/schemas/attachment.ts";
import { cn } from "@web/lib/cn.ts";
import { formatSize } from "@web/lib/upload.ts";
import { FileText } from "lucide-react";

/**
 * Files in the conversation: photos as thumbnails that open full-size, PDFs by name. The
 * addresses answer only to the ticket's owner and staff.
 */
export function FileThumbnails({
  items,
  className,
  label = "Attached files",
}: {
  /** a ticket's attachments, or the policy items' photos */
  items: Pick<Attachment, "id" | "name" | "size" | "url" | "thumbnailUrl">[];
  className?: string;
  label?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label={label} data-testid="attachments">
      {items.map((a) => (
        <li key={a.id}>
          <a
            href={a.url}
            target="_blank"
            rel="noopener"
            className="group block rounded-lg border bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            title={`${a.name} (${formatSize(a.size)})`}
          >
            {a.thumbnailUrl ? (
              <img
                src={a.thumbnailUrl}
                alt={a.name}
                loading="lazy"
                className="size-24 rounded-lg object-cover group-hover:opacity-90 sm:size-28"
                data-testid="attachment-thumbnail"
              />
            ) : (
              <span className="flex h-24 w-40 flex-col justify-center gap-1 px-3 text-xs sm:h-28">
                <FileText aria-hidden="true" className="size-6 text-primary" />
                <span className="line-clamp-2 break-all font-medium">{a.name}</span>
                <span className="text-muted-foreground">{formatSize(a.size)}</span>
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
