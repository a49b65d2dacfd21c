import { paths } from "@shared/paths.ts";
import { Button } from "@web/components/ui/button.tsx";
import { type OpenState, TitledDialog } from "@web/components/ui/dialog.tsx";
import { Keyboard } from "lucide-react";
import { type RefObject, useEffect } from "react";
import { useLocation } from "wouter";
import { useAssignTicket } from "./api.ts";

/** The ticket queue's keys, as the '?' dialog lists them */
const QUEUE_SHORTCUTS = [
  { keys: ["j"], action: "Next ticket" },
  { keys: ["k"], action: "Previous ticket" },
  { keys: ["Enter"], action: "Open the ticket" },
  { keys: ["r"], action: "Open the ticket at its reply box" },
  { keys: ["a"], action: "Assign the ticket to me" },
  { keys: ["s"], action: "Search tickets" },
  { keys: ["/"], action: "Find a ticket, customer or policy (anywhere in the console)" },
  { keys: ["?"], action: "Show these shortcuts" },
] as const;

/** where a person is typing or working a control: a key there is theirs, not a shortcut */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("input, textarea, select, [role=dialog], [role=menu], [role=listbox]")) return true;
  return false;
}

const ROW = "tr[data-ticket-id]";

/**
 * The ticket queue from the keyboard: j and k move a visible focus along the rows, Enter
 * and r open the focused ticket (r at its reply box), a assigns it to the caller, s goes to
 * the search box and ? lists the keys. Nothing fires while someone types in a field, holds
 * a modifier key or works in a dialog or menu.
 */
export function useQueueShortcuts({
  table,
  search,
  onHelp,
}: {
  table: RefObject<HTMLElement | null>;
  search: RefObject<HTMLInputElement | null>;
  onHelp: () => void;
}) {
  const [, navigate] = useLocation();
  const assign = useAssignTicket();
  const mutate = assign.mutate;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const rows = Array.from(table.current?.querySelectorAll<HTMLElement>(ROW) ?? []);
      const current = document.activeElement?.closest<HTMLElement>(ROW) ?? null;
      const at = current ? rows.indexOf(current) : -1;
      const id = Number(current?.dataset.ticketId);
      switch (e.key) {
        case "j":
        case "k": {
          if (rows.length === 0) return;
          const next = at === -1 ? 0 : Math.min(Math.max(at + (e.key === "j" ? 1 : -1), 0), rows.length - 1);
          rows[next].focus();
          break;
        }
        case "Enter":
          // Enter on a button or link inside the row is that control's own
          if (!current || e.target !== current) return;
          navigate(paths.adminTicket(id));
          break;
        case "r":
          if (!current) return;
          navigate(`${paths.adminTicket(id)}#reply`);
          break;
        case "a":
          if (!current) return;
          mutate({ id });
          break;
        // "/" is the console-wide find box's (find-box.tsx)
        case "s":
          if (!search.current) return;
          search.current.focus();
          search.current.select();
          break;
        case "?":
          onHelp();
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [table, search, onHelp, navigate, mutate]);
}

/** The '?' dialog, and a button that opens it for those who do not know the key yet. */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-9"
        aria-keyshortcuts="?"
        onClick={() => onOpenChange(true)}
      >
        <Keyboard aria-hidden="true" /> Shortcuts
      </Button>
      <ShortcutsDialog open={open} onOpenChange={onOpenChange} />
    </>
  );
}

function ShortcutsDialog({ open, onOpenChange }: OpenState) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="For the ticket queue, whenever you are not typing in a field."
      className="max-w-md"
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2.5 text-sm">
        {QUEUE_SHORTCUTS.map((s) => (
          <div key={s.action} className="contents">
            <dt className="flex gap-1">
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="min-w-7 rounded-md border border-b-2 bg-muted px-1.5 py-0.5 text-center font-mono text-xs font-semibold"
                >
                  {k}
                </kbd>
              ))}
            </dt>
            <dd>{s.action}</dd>
          </div>
        ))}
      </dl>
    </TitledDialog>
  );
}
