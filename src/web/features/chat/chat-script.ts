/**
 * The scripted assistant, as a pure state machine: no network, no React. The
 * panel feeds it what the visitor types (or the option they press) and shows the replies
 * after a human-looking delay.
 */

export const CHAT_OPTIONS = [
  "Check Warranty Status",
  "Raise a Service Request",
  "Know What's Covered",
  "Talk to a Human",
] as const;
export type ChatOption = (typeof CHAT_OPTIONS)[number];

export type ChatStage = "name" | "contact" | "menu" | "policy-number" | "issue";

export interface ChatState {
  stage: ChatStage;
  name?: string;
  email?: string;
  phone?: string;
}

export interface BotReply {
  text: string;
  /** show the four main options under this reply */
  options?: boolean;
}

/** the fixed, fake answers (no real lookup happens) */
export const FAKE_SERVICE_REQUEST = "SR-2026-48213";
const FAKE_STATUS =
  "I found your policy. Status: Active ✅ Plan: Premium (10 years), covered until 14 March 2035. There are no open service requests on it.";

export const GREETING: BotReply = {
  text: "Hello! 👋 I'm the virtual assistant of Home Interior Project Warranty Solutions. May I know your name?",
};

export const initialChatState = (): ChatState => ({ stage: "name" });

/** an e-mail address in free text */
export function findEmail(text: string): string | undefined {
  return /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(text)?.[0];
}

/** a 10-digit phone number, allowing +91 / 0 prefixes and spaces or dashes inside */
export function findPhone(text: string): string | undefined {
  for (const match of text.matchAll(/(?:\+?91[\s-]?|0)?(\d[\d\s-]{8,14}\d)/g)) {
    const digits = match[1].replace(/\D/g, "");
    if (digits.length === 10) return digits;
  }
  return undefined;
}

const PRICES =
  "Our homeowner plans: Essential ₹24,999 for 5 years; Premium ₹45,999 for 10 years; Elite ₹79,999 for 10 years. Every plan covers hinges, wardrobes and laminates; Premium and Elite add the modular kitchen.";

/** keyword → canned answer, checked in order */
const TOPICS: { test: RegExp; reply: string }[] = [
  { test: /\b(price|prices|pricing|cost|costs|plan|plans|how much|premium|essential|fee)\b/i, reply: PRICES },
  {
    test: /\b(waiting|wait period|waiting period|existing)\b/i,
    reply:
      "A 30-day waiting period applies only to existing interiors. Interiors registered at installation are covered from day one.",
  },
  {
    test: /\b(schedule|scheduled|technician|visit|how long|when will|time)\b/i,
    reply: "Once you report an issue, a technician visit is scheduled in 3-5 business days.",
  },
  {
    test: /\b(elite|priority|urgent|24)\b/i,
    reply: "Elite plan holders get 24-hour priority service. Elite costs ₹79,999 for 10 years.",
  },
  {
    test: /\b(b2b|business|partner|partnership|invoice|dealer|designer|contractor|white.?label)\b/i,
    reply:
      "For business partners we offer white-labelled warranties, with invoice terms of 30 days. See our B2B Solutions page or ask for pricing on the Contact page.",
  },
  {
    test: /\b(transfer|sell|selling|new owner)\b/i,
    reply: "Yes, the warranty is transferable: it stays with the home when you sell it, at no extra charge.",
  },
  {
    test: /\b(cover|covered|coverage|include|includes|hinge|hinges|wardrobe|laminate|kitchen)\b/i,
    reply:
      "We cover hinges and drawer channels, wardrobes and storage units, laminates and veneers, modular kitchens, handles and hardware, and installation workmanship, for up to 10 years. Covered repairs cost you nothing.",
  },
  {
    test: /\b(thanks|thank you|thx)\b/i,
    reply: "You're welcome! Is there anything else I can help you with?",
  },
  { test: /\b(hi|hello|hey|namaste|vanakkam)\b/i, reply: "Hello again! How can I help you today?" },
];

function optionFor(text: string): ChatOption | undefined {
  const t = text.toLowerCase();
  if (CHAT_OPTIONS.some((o) => o.toLowerCase() === t)) return CHAT_OPTIONS.find((o) => o.toLowerCase() === t);
  if (/\b(status|check warranty|my warranty|policy status)\b/.test(t)) return "Check Warranty Status";
  if (/\b(service request|raise|repair|complaint|broken|problem|issue)\b/.test(t))
    return "Raise a Service Request";
  if (/\b(human|agent|person|call me|talk|speak)\b/.test(t)) return "Talk to a Human";
  return undefined;
}

/** One visitor message in, the next state and the bot's replies out. */
export function respond(state: ChatState, input: string): { state: ChatState; replies: BotReply[] } {
  const text = input.trim();
  switch (state.stage) {
    case "name": {
      const name = text
        .replace(/^(my name is|i am|i'm|this is)\s+/i, "")
        .split(/\s+/)
        .slice(0, 3)
        .join(" ");
      return {
        state: { ...state, stage: "contact", name },
        replies: [
          {
            text: `Nice to meet you, ${name}! Could you share your e-mail address and 10-digit phone number, so our team can reach you if needed?`,
          },
        ],
      };
    }
    case "contact": {
      const email = findEmail(text) ?? state.email;
      const phone = findPhone(text) ?? state.phone;
      if (!email && !phone) {
        return {
          state,
          replies: [
            {
              text: "I couldn't find an e-mail address or a 10-digit phone number in that. Could you type them again?",
            },
          ],
        };
      }
      const got = [email && `e-mail ${email}`, phone && `phone ${phone}`].filter(Boolean).join(" and ");
      return {
        state: { ...state, stage: "menu", email, phone },
        replies: [{ text: `Thank you! I've noted your ${got}. How can I help you today?`, options: true }],
      };
    }
    case "policy-number":
      return {
        state: { ...state, stage: "menu" },
        replies: [
          { text: FAKE_STATUS },
          { text: "Is there anything else I can help you with?", options: true },
        ],
      };
    case "issue":
      return {
        state: { ...state, stage: "menu" },
        replies: [
          {
            text: `Your service request has been raised. Your request number is ${FAKE_SERVICE_REQUEST}. A technician visit will be scheduled in 3-5 business days, and we'll confirm the slot by phone.`,
          },
          { text: "Anything else I can help you with?", options: true },
        ],
      };
    case "menu":
      return answerInMenu(state, text);
  }
}

function answerInMenu(state: ChatState, text: string): { state: ChatState; replies: BotReply[] } {
  switch (optionFor(text)) {
    case "Check Warranty Status":
      return {
        state: { ...state, stage: "policy-number" },
        replies: [{ text: "Sure. Please enter your policy number (for example HIPWS-2025-000123)." }],
      };
    case "Raise a Service Request":
      return {
        state: { ...state, stage: "issue" },
        replies: [
          {
            text: "I'm sorry something needs attention. Please describe the issue briefly: what is affected and where in your home?",
          },
        ],
      };
    case "Know What's Covered":
      return {
        state,
        replies: [
          {
            text: "Our warranty covers hinges and drawer channels, wardrobes and storage units, laminates and veneers, modular kitchens, handles and hardware, and installation workmanship, for up to 10 years.",
          },
          { text: PRICES, options: true },
        ],
      };
    case "Talk to a Human":
      return {
        state,
        replies: [
          {
            text: "Our support team is available Mon-Fri 9-6 and Sat 9-4 (closed Sunday and holidays). Call +91 44 4850 2200 or write to support@hipwarranty.in. We'll also reach out using the details you shared.",
            options: true,
          },
        ],
      };
    default: {
      const topic = TOPICS.find((t) => t.test.test(text));
      if (topic) return { state, replies: [{ text: topic.reply }] };
      return {
        state,
        replies: [
          {
            text: "I'm not sure I understood that. You can choose one of these options, or ask about plans, coverage or service times.",
            options: true,
          },
        ],
      };
    }
  }
}

/** The bot answers after 0.8 to 2 seconds. */
export const botDelay = (random = Math.random) => 800 + Math.round(random() * 1200);
