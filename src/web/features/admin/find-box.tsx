import type { FindResult } from "@shared/endpoints/customers.ts";
import { paths } from "@shared/paths.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { POLICY_STATUS_LABELS, TICKET_STATUS_LABELS } from "@web/components/lists/labels.ts";
import { Input } from "@web/components/ui/input.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { FileText, LifeBuoy, Search, User } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";

interface Option {
  key: string;
  href: string;
  icon: ReactNode;
  title: string;
  detail: string;
}

/** the results as the list shows them, by kind, each with the page it opens */
function optionsOf(result: FindResult): { label: string; options: Option[] }[] {
  const groups = [
    {
      label: "Tickets",
      options: result.tickets.map((t) => ({
        key: `ticket-${t.id}`,
        href: paths.adminTicket(t.id),
        icon: <LifeBuoy aria-hidden="true" />,
        title: `#${t.id} ${t.subject}`,
        detail: `${t.customerName} · ${TICKET_STATUS_LABELS[t.status]}`,
      })),
    },
    {
      label: "Customers",
      options: result.customers.map((c) => ({
        key: `customer-${c.id}`,
        href: paths.adminCustomer(c.id),
        icon: <User aria-hidden="true" />,
        title: c.name,
        detail: [c.email, c.phone].filter(Boolean).join(" · "),
      })),
    },
    {
      label: "Policies",
      options: result.policies.map((p) => ({
        key: `policy-${p.id}`,
        // no page of its own: the Warranty Policies tab, searched for this number
        href: `${paths.admin}?tab=policies&policyQ=${encodeURIComponent(p.policyNumber)}`,
        icon: <FileText aria-hidden="true" />,
        title: p.policyNumber,
        detail: `${p.customerName} · ${POLICY_STATUS_LABELS[p.status]}`,
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/** `value` once it has stayed the same for `delay` ms: one request per pause in typing, not per key */
function useDebouncedValue(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}

/** where a person is typing: a key there is theirs, not a shortcut */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    Boolean(target.closest("input, textarea, select, [role=dialog], [role=menu]")));

/**
 * The console's find box, on every staff page: a ticket number, a customer's name, e-mail
 * or phone, or a policy number, and the match opens with Enter or a click. `/` jumps here
 * from anywhere in the console; the arrow keys move through the matches (the ARIA
 * combobox pattern: focus stays in the box, the active match is announced).
 */
export function FindBox({ className }: { className?: string }) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text.trim(), 200);
  const found = useQuery({
    ...apiQuery("GET /api/admin/find", { query: { q } }),
    enabled: q !== "",
    placeholderData: keepPreviousData,
  });
  const groups = found.data && q !== "" ? optionsOf(found.data) : [];
  const options = groups.flatMap((g) => g.options);
  const shown = open && text.trim() !== "";
  const current = options[Math.min(active, options.length - 1)];
  // the matches on screen are those of the text in the box
  const fresh = q === text.trim() && found.isSuccess && !found.isPlaceholderData && !found.isFetching;
  // Enter pressed before the matches came: the first match opens when they do
  const [enterPending, setEnterPending] = useState(false);

  // new matches: the first one is the one Enter opens
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the answer changes
  useEffect(() => setActive(0), [found.data]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "/" || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target))
        return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const go = useCallback(
    (option: Option | undefined) => {
      setEnterPending(false);
      if (!option) return;
      setText("");
      setOpen(false);
      input.current?.blur();
      navigate(option.href);
    },
    [navigate],
  );
  const first = options[0];
  useEffect(() => {
    if (enterPending && fresh) go(first);
  }, [enterPending, fresh, first, go]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (!options.length) return;
        setOpen(true);
        setActive((a) => (a + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
        break;
      case "Enter":
        if (text.trim() === "") return;
        if (fresh) go(current);
        else setEnterPending(true);
        break;
      case "Escape":
        if (shown) setOpen(false);
        else setText("");
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Find a ticket, customer or policy
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        ref={input}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && current ? `${id}-${current.key}` : undefined}
        aria-keyshortcuts="/"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setEnterPending(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder="Find ticket #, customer, policy…"
        className="h-9 py-1.5 pr-8 pl-8"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border bg-muted px-1.5 font-mono text-xs text-muted-foreground"
      >
        /
      </span>
      <div
        hidden={!shown}
        className="absolute top-full right-0 z-50 mt-1 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg sm:w-96"
      >
        <div id={listId} role="listbox" aria-label="Matches">
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA combobox pattern)
            <div key={group.label} role="group" aria-label={group.label}>
              <div aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground">
                {group.label}
              </div>
              {group.options.map((option) => {
                const selected = option === current;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's (arrows and Enter): focus never leaves it
                  <div
                    key={option.key}
                    id={`${id}-${option.key}`}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    // keep the focus in the box, so the list does not close before the click lands
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(option)}
                    onMouseMove={() => setActive(options.indexOf(option))}
                    className={cn(
                      "flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground",
                      selected && "bg-accent text-accent-foreground [&_svg]:text-accent-foreground",
                    )}
                  >
                    {option.icon}
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{option.title}</span>
                      <span
                        className={cn(
                          "block truncate text-xs",
                          selected ? "text-accent-foreground/80" : "text-muted-foreground",
                        )}
                      >
                        {option.detail}
                      </span>
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {options.length === 0 ? (
          <p role="status" className="px-2 py-3 text-sm text-muted-foreground">
            {found.isError
              ? found.error.message
              : q !== text.trim() || found.isFetching
                ? "Searching…"
                : "Nothing matches. Try a ticket number, a name, an e-mail, a phone or a policy number."}
          </p>
        ) : null}
      </div>
    </div>
  );
}
