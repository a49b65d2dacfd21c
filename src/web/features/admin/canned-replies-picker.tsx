import type { CannedReply } from "@shared/schemas/canned-reply.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { ChevronDown, Settings2, TextQuote } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useCannedReplies } from "./canned-replies-api.ts";
import { CannedRepliesDialog } from "./canned-replies-dialog.tsx";

/**
 * The reply box's "Canned reply" button: a searchable list of the shared replies. Typing
 * narrows it by title, the arrow keys move through it, Enter (or a click) picks one, and the
 * composer inserts it at the cursor for editing before it is sent.
 */
export function CannedReplyPicker({ onPick }: { onPick: (reply: CannedReply) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(0);
  // after a pick, focus goes to the reply box (the composer moves it), not back to the button
  const picked = useRef(false);
  const replies = useCannedReplies(open);
  const needle = search.trim().toLowerCase();
  const shown = (replies.data ?? []).filter((r) => r.title.toLowerCase().includes(needle));
  const current = Math.min(active, shown.length - 1);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    setSearch("");
    setActive(0);
  };
  const pick = (reply: CannedReply) => {
    picked.current = true;
    changeOpen(false);
    onPick(reply);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (shown.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + shown.length) % shown.length);
    } else if (e.key === "Enter") {
      // never submits the reply form around it
      e.preventDefault();
      if (shown[current]) pick(shown[current]);
    }
  };

  return (
    <>
      <Popover open={open} onOpenChange={changeOpen}>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" size="sm">
            <TextQuote aria-hidden="true" />
            Canned reply
            <ChevronDown aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          className="grid w-[min(22rem,calc(100vw-2rem))] gap-1 p-2"
          onCloseAutoFocus={(e) => {
            if (picked.current) e.preventDefault();
            picked.current = false;
          }}
        >
          <Input
            role="combobox"
            aria-label="Search canned replies by title"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-activedescendant={shown[current] ? `${id}-opt-${shown[current].id}` : undefined}
            aria-autocomplete="list"
            placeholder="Search by title…"
            value={search}
            autoFocus
            onChange={(e) => {
              setSearch(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {replies.isPending ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">Loading…</p>
          ) : replies.isError ? (
            <p role="alert" className="px-2 py-3 text-sm text-danger">
              {errorMessage(replies.error, "Could not load canned replies")}
            </p>
          ) : shown.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">
              {replies.data.length === 0 ? "No canned replies yet." : "No canned reply has that title."}
            </p>
          ) : null}
          <div
            id={`${id}-list`}
            role="listbox"
            aria-label="Canned replies"
            className="max-h-64 overflow-y-auto"
            hidden={shown.length === 0}
          >
            {shown.map((r, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box drives the list from the keyboard (aria-activedescendant)
              <div
                key={r.id}
                id={`${id}-opt-${r.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === current}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(r)}
                className={cn(
                  "cursor-pointer rounded-md px-2 py-2 text-sm",
                  i === current && "bg-secondary text-secondary-foreground",
                )}
              >
                <span className="block font-semibold break-words">{r.title}</span>
                <span className="block truncate text-xs text-muted-foreground">{r.body}</span>
              </div>
            ))}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-start"
            onClick={() => {
              changeOpen(false);
              setManaging(true);
            }}
          >
            <Settings2 aria-hidden="true" />
            Manage canned replies
          </Button>
        </PopoverContent>
      </Popover>
      <CannedRepliesDialog open={managing} onOpenChange={setManaging} />
    </>
  );
}
