import { paths } from "@shared/paths.ts";
import { cn } from "@web/lib/cn.ts";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { FileText, MessageCircle, Phone } from "lucide-react";
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "wouter";

const barLink =
  "flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * How a visitor reaches a person: on a phone, a bar along the bottom with Call, 'Get a
 * quote' and the chat; from 768 px, the round chat button alone, bottom right (at 1280 px
 * it sits in the margin beside the page's content column). The page leaves room for both
 * at its bottom (see SiteLayout), so the last links are never underneath.
 *
 * The button is all the landing page ships; the assistant itself is its own chunk, loaded
 * on the first click.
 */
export function ChatLauncher({ showQuote = true }: { showQuote?: boolean }) {
  const [Panel, setPanel] = useState<ComponentType<{ onClose: () => void }> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // closing hands the focus back to the button that opened the chat
  useEffect(() => {
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = useCallback(() => setOpen(false), []);

  const openChat = async () => {
    if (!Panel) {
      setLoading(true);
      try {
        const mod = await import("./chat-panel.tsx");
        setPanel(() => mod.ChatPanel);
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  };

  return (
    <>
      {open && Panel ? <Panel onClose={close} /> : null}
      {open ? null : (
        <div
          data-testid="help-dock"
          className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-2 border-t bg-background/95 px-3 py-2 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur md:inset-x-auto md:right-4 md:bottom-4 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none"
        >
          <a href={telHref(COMPANY.phones[0])} className={cn(barLink, "border bg-card md:hidden")}>
            <Phone aria-hidden="true" className="size-4 text-primary" /> Call
          </a>
          {showQuote ? (
            <Link href={paths.contact} className={cn(barLink, "bg-accent text-accent-foreground md:hidden")}>
              <FileText aria-hidden="true" className="size-4" /> Get a quote
            </Link>
          ) : null}
          <button
            ref={button}
            type="button"
            onClick={openChat}
            // the words a sighted visitor would say, so "click Need help" finds it by voice
            aria-label="Need help? Chat with our assistant"
            title="Need help? Chat with our assistant"
            aria-busy={loading}
            data-testid="chat-launcher"
            className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-black/20 transition-transform hover:scale-[1.03] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:size-14 md:shadow-xl"
          >
            <MessageCircle aria-hidden="true" className="size-5 md:size-6" />
          </button>
        </div>
      )}
    </>
  );
}
