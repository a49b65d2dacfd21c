import { MessageCircle } from "lucide-react";
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";

/**
 * The floating chat button is all the landing page ships; the assistant itself is its own
 * chunk, loaded on the first click.
 */
export function ChatLauncher() {
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
        <button
          ref={button}
          type="button"
          onClick={openChat}
          // starts with the words it shows from 640 px, so "click Need help" finds it by voice
          aria-label="Need help? Chat with our assistant"
          aria-busy={loading}
          data-testid="chat-launcher"
          className="fixed right-4 bottom-4 z-40 flex h-14 cursor-pointer items-center gap-2 rounded-full bg-primary px-5 text-primary-foreground shadow-xl shadow-black/20 transition-transform hover:scale-[1.03] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:right-6 md:bottom-6"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
          <span className="hidden text-sm font-semibold sm:inline">Need help?</span>
        </button>
      )}
    </>
  );
}
