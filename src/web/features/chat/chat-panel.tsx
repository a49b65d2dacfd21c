import { paths } from "@shared/paths.ts";
import { Form } from "@web/components/forms/form.tsx";
import { cn } from "@web/lib/cn.ts";
import { saveEnquiryHandoff } from "@web/lib/enquiry-handoff.ts";
import { useUser } from "@web/lib/use-user.ts";
import { ArrowRight, Bot, Phone, SendHorizontal, X } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import {
  CHAT_OPTIONS,
  type ChatLink,
  type ChatState,
  createReplyQueue,
  GREETING,
  initialChatState,
  respond,
} from "./chat-script.ts";

interface Message {
  id: number;
  from: "bot" | "visitor";
  text: string;
  options?: boolean;
  link?: ChatLink;
}

/** the button-like link under a reply: to a page of the site, or a number to call */
const CHAT_LINK =
  "inline-flex min-h-9 items-center gap-1.5 rounded-full bg-primary px-3.5 py-1.5 text-xs font-semibold text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** The assistant's window. Everything happens here in the browser; nothing is sent anywhere. */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: "bot", ...GREETING }]);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState("");
  const state = useRef<ChatState>(initialChatState());
  const nextId = useRef(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  // the user is already in the page's cache (the server sends it): reading it calls nothing
  const { user } = useUser();

  // several messages go in one update, so the conversation scrolls once for them
  const add = (...added: Omit<Message, "id">[]) =>
    setMessages((list) => [...list, ...added.map((m) => ({ ...m, id: nextId.current++ }))]);

  // the bot's replies, in order and at a human pace; the last one and the end of "typing"
  // come in one update, so nothing arrives after a link the visitor is reaching for
  const [replies] = useState(() =>
    createReplyQueue(
      (group) => add(...group.map((reply) => ({ from: "bot" as const, ...reply }))),
      setTyping,
    ),
  );

  useEffect(() => {
    inputRef.current?.focus();
    return () => replies.stop();
  }, [replies]);

  // Escape closes the chat wherever the focus is, as it would a dialog
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the conversation grows
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight, behavior: "smooth" });
  }, [messages, typing]);

  const say = (text: string) => {
    if (!text.trim()) return;
    add({ from: "visitor", text: text.trim() });
    const result = respond(state.current, text, { signedIn: Boolean(user), verifyPath: paths.verify });
    state.current = result.state;
    replies.push(result.replies);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    say(draft);
    setDraft("");
  };

  const lastOptionsId = [...messages].reverse().find((m) => m.options)?.id;

  return (
    <section
      role="dialog"
      aria-label="Chat assistant"
      data-testid="chat-panel"
      className="fixed right-2 bottom-2 left-2 z-50 flex max-h-[min(600px,calc(100dvh-1rem))] flex-col overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-black/25 sm:left-auto sm:w-[380px] md:right-6 md:bottom-6"
    >
      <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <span className="flex size-9 items-center justify-center rounded-full bg-white/15">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <div className="flex-1">
          <h2 className="text-sm font-semibold">Warranty Assistant</h2>
          <p className="text-xs opacity-85">Typically replies in a moment</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="cursor-pointer rounded-md p-1.5 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        className="flex min-h-72 flex-1 flex-col gap-3 overflow-y-auto bg-muted/40 p-4"
      >
        {messages.map((m) => (
          <div
            key={m.id}
            className={cn("flex flex-col gap-2", m.from === "visitor" ? "items-end" : "items-start")}
          >
            <p
              data-from={m.from}
              className={cn(
                "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed whitespace-pre-line",
                m.from === "visitor"
                  ? "rounded-br-sm bg-primary text-primary-foreground"
                  : "rounded-bl-sm border bg-card text-card-foreground",
              )}
            >
              <span className="sr-only">{m.from === "visitor" ? "You: " : "Assistant: "}</span>
              {m.text}
            </p>
            {m.link?.href.startsWith("tel:") ? (
              // a phone number is the phone's to dial, not a page of the site
              <a href={m.link.href} className={CHAT_LINK}>
                {m.link.label}
                <Phone aria-hidden="true" className="size-3.5" />
              </a>
            ) : m.link ? (
              <Link
                href={m.link.href}
                onClick={() => {
                  if (m.link?.handoff) saveEnquiryHandoff(m.link.handoff);
                  // the page the visitor asked for is behind the chat on a phone
                  onClose();
                }}
                className={CHAT_LINK}
              >
                {m.link.label}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            ) : null}
            {m.options && m.id === lastOptionsId ? (
              <div className="flex flex-wrap gap-2">
                {CHAT_OPTIONS.map((option) => (
                  <button
                    key={option}
                    type="button"
                    onClick={() => say(option)}
                    className="cursor-pointer rounded-full border border-primary/40 bg-card px-3 py-1.5 text-xs font-semibold text-primary hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
                  >
                    {option}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
        ))}
        {typing ? (
          <p
            className="flex items-center gap-1 self-start rounded-2xl border bg-card px-3.5 py-3"
            data-testid="chat-typing"
          >
            <span className="sr-only">Assistant is typing</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                aria-hidden="true"
                className="size-1.5 animate-bounce rounded-full bg-muted-foreground"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </p>
        ) : null}
      </div>
      <Form onSubmit={onSubmit} className="flex gap-2 border-t bg-card p-3">
        <label htmlFor="chat-input" className="sr-only">
          Your message
        </label>
        <input
          id="chat-input"
          ref={inputRef}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoComplete="off"
          placeholder="Type your message…"
          className="h-10 flex-1 rounded-full border border-input bg-background px-4 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={!draft.trim()}
          className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <SendHorizontal aria-hidden="true" className="size-4" />
        </button>
      </Form>
    </section>
  );
}
