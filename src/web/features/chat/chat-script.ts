import { INDIA_TIME_ZONE } from "@shared/dates.ts";
import { OPENING_HOURS } from "@shared/opening-hours.ts";
import { paths } from "@shared/paths.ts";
import { COMPANY, telHref } from "../../lib/company.ts";
import type { EnquiryHandoff } from "../../lib/enquiry-handoff.ts";

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
type ChatOption = (typeof CHAT_OPTIONS)[number];

type ChatStage = "name" | "contact" | "menu" | "issue";

type ChatPlan = "essential" | "premium" | "elite";

export interface ChatState {
  stage: ChatStage;
  name?: string;
  email?: string;
  phone?: string;
  /** the homeowner plan the visitor last named, to preselect it in the enquiry form */
  plan?: ChatPlan;
}

/**
 * What the assistant knows without asking anyone: whether the visitor is signed in, and
 * which optional pages the site has. It never looks anything up, so it never claims a
 * policy's status or a request it did not raise; it points to the page that knows.
 */
export interface ChatContext {
  signedIn: boolean;
  /** the public certificate check, once the site has one */
  verifyPath?: string;
  now?: Date;
}

export interface ChatLink {
  href: string;
  label: string;
  /** fill the contact form with these values when the link is followed */
  handoff?: EnquiryHandoff;
}

export interface BotReply {
  text: string;
  /** show the four main options under this reply */
  options?: boolean;
  link?: ChatLink;
}

export const GREETING: BotReply = {
  text: "Hello! 👋 I'm the virtual assistant of Home Interior Project Warranty Solutions. May I know your name?",
};

export const initialChatState = (): ChatState => ({ stage: "name" });

/** weekdays as the India clock below names them, Sunday first like OPENING_HOURS */
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const indiaClock = new Intl.DateTimeFormat("en-US", {
  timeZone: INDIA_TIME_ZONE,
  weekday: "short",
  hour: "numeric",
  hourCycle: "h23",
});

/** Whether the office is within its business hours at `now`, on India's clock. */
export function officeOpenAt(now: Date): boolean {
  const parts: Record<string, string> = {};
  for (const p of indiaClock.formatToParts(now)) parts[p.type] = p.value;
  const hours = OPENING_HOURS[WEEKDAYS.indexOf(parts.weekday)];
  const hour = Number(parts.hour);
  return hours != null && hour >= hours[0] && hour < hours[1];
}

const PHONES = COMPANY.phones.join(" or ");

function planIn(text: string): ChatPlan | undefined {
  return /\b(essential|premium|elite)\b/i.exec(text)?.[1].toLowerCase() as ChatPlan | undefined;
}

/** an e-mail address in free text */
function findEmail(text: string): string | undefined {
  return /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(text)?.[0];
}

/** a 10-digit phone number, allowing +91 / 0 prefixes and spaces or dashes inside */
function findPhone(text: string): string | undefined {
  for (const match of text.matchAll(/(?:\+?91[\s-]?|0)?(\d[\d\s-]{8,14}\d)/g)) {
    const digits = match[1].replace(/\D/g, "");
    if (digits.length === 10) return digits;
  }
  return undefined;
}

const PRICES =
  "Our homeowner plans: Essential ₹24,999 for 5 years; Premium ₹45,999 for 10 years; Elite ₹79,999 for 10 years, GST included. Every plan covers hinges, wardrobes and laminates; Premium and Elite add the modular kitchen.";

/** keyword → canned answer, checked in order (the portal's own tasks before prices and cover) */
const TOPICS: { test: RegExp; reply: string }[] = [
  {
    test: /\b(renew|renewal|renewing|extend|extension)\b/i,
    reply:
      "You can renew online: from 60 days before your plan ends, a Renew button appears on your policy page and your dashboard. Choose the same plan or a higher one and send the request; we then call you to take the payment. A plan that has lapsed needs an inspection visit first.",
  },
  {
    test: /\b(photo|photos|picture|pictures|image|images|attach|attachment|upload)\b/i,
    reply:
      "Photos go with your claim: sign in and send the claim form (Report a problem), attaching photos or PDFs, and add more later in the ticket's replies. I can't take photos in this chat.",
  },
  {
    test: /\b(certificate|verify|verification|genuine|valid)\b/i,
    reply:
      "Your policy certificate (PDF) is on your policy page once you sign in. Anyone, a buyer or a bank for instance, can check a certificate on our verification page with its QR code, or with the policy number and the home's PIN code.",
  },
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
    reply:
      "Yes, the warranty is transferable: it stays with the home when you sell it, at no extra charge. Start it from your policy page (Transfer to the buyer); the buyer accepts it from the e-mail we send them.",
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
export function respond(
  current: ChatState,
  input: string,
  context: ChatContext = { signedIn: false },
): { state: ChatState; replies: BotReply[] } {
  const text = input.trim();
  const state = current.stage === "name" ? current : { ...current, plan: planIn(text) ?? current.plan };
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
    case "issue":
      // a visitor without a policy (a policy holder was offered the claim form first): nothing
      // is raised here, they send the enquiry form, filled with what they said
      return {
        state: { ...state, stage: "menu" },
        replies: [
          {
            text: "Thank you. I've put your details and this description into our enquiry form. Check them and press Send Message: our team reads every enquiry and will call you back about a repair or a plan for your home.",
            link: {
              href: `/contact${state.plan ? `?interest=b2c-${state.plan}` : ""}`,
              label: "Open the filled-in enquiry form",
              handoff: {
                name: state.name,
                email: state.email,
                phone: state.phone,
                interest: state.plan ? `b2c-${state.plan}` : undefined,
                message: `Issue at home: ${text}`,
              },
            },
          },
          { text: "Anything else I can help you with?", options: true },
        ],
      };
    case "menu":
      return answerInMenu(state, text, context);
  }
}

function answerInMenu(
  state: ChatState,
  text: string,
  context: ChatContext,
): { state: ChatState; replies: BotReply[] } {
  switch (optionFor(text)) {
    case "Check Warranty Status":
      if (context.signedIn) {
        return {
          state,
          replies: [
            {
              text: "I can't see policies from this chat, but your dashboard shows each of your policies with its status, cover period and service requests.",
              link: { href: "/dashboard", label: "See my policies" },
              options: true,
            },
          ],
        };
      }
      return {
        state,
        replies: [
          {
            text: `I can't look up policies from this chat. Sign in to see your policy's status, cover period and service requests${context.verifyPath ? ", or check a certificate's policy number on our verification page" : ""}. You can also call us on ${PHONES}.`,
            link: { href: "/auth?next=%2Fdashboard", label: "Sign in to see my policies" },
          },
          ...(context.verifyPath
            ? [
                {
                  text: "Anyone can check a certificate here:",
                  link: { href: context.verifyPath, label: "Verify a certificate" },
                },
              ]
            : []),
          { text: "Anything else I can help you with?", options: true },
        ],
      };
    case "Raise a Service Request":
      if (context.signedIn) {
        return {
          state,
          replies: [
            {
              text: "You can raise it yourself in a minute: the claim form lets you pick the policy, name the affected room or item and describe what happened. Our support team sees it as soon as you send it.",
              link: { href: "/tickets/new", label: "Open the claim form" },
              options: true,
            },
          ],
        };
      }
      // A policy holder reports a problem through the claim form, where it becomes a ticket
      // with photos and a reply time; signing in brings them straight back to it. Someone
      // without a policy yet can still describe it, and it goes to the enquiry form.
      return {
        state: { ...state, stage: "issue" },
        replies: [
          {
            text: "I'm sorry something needs attention. If your home has a policy with us, sign in and send it through the claim form: choose the policy, describe what happened and add photos. Our support team sees it as soon as you send it.",
            link: { href: paths.reportProblem(false), label: "Sign in to report a problem" },
          },
          {
            text: "No policy with us yet? Describe the issue briefly (what is affected and where in your home) and I'll pass it to our team with your details.",
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
    case "Talk to a Human": {
      const open = officeOpenAt(context.now ?? new Date());
      return {
        state,
        replies: [
          {
            text: `Call us on ${PHONES}, or write to ${COMPANY.emails[0]}. Our hours are Mon-Fri 9-6 and Sat 9-4 (closed Sunday and holidays). ${open ? "We're open now, so you can call straight away." : "We're closed right now; leave a message through the contact form and we'll call you back when we open."}`,
            // open: one tap calls the office from a phone; closed: the form, filled in
            link: open
              ? { href: telHref(COMPANY.phones[0]), label: `Call ${COMPANY.phones[0]}` }
              : {
                  href: "/contact",
                  label: "Open the contact form",
                  handoff: { name: state.name, email: state.email, phone: state.phone },
                },
            options: true,
          },
        ],
      };
    }
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
const botDelay = (random = Math.random) => 800 + Math.round(random() * 1200);

/**
 * The replies on their way, shown one group at a time in the order they were given. Each
 * group's timer starts when the one before it is shown, so a visitor typing ahead is
 * answered in order; "typing" is on while any group waits and goes off in the same call that
 * shows the last one, so the conversation never ends on "typing" under a reply that came.
 * (Working this out from clock readings instead lost the "off" whenever the clock ticked
 * between two readings, and the dots stayed below the last reply.)
 */
export function createReplyQueue(
  show: (replies: BotReply[]) => void,
  setTyping: (typing: boolean) => void,
  timer: { set: (run: () => void, ms: number) => unknown; clear: (id: unknown) => void } = {
    set: (run, ms) => setTimeout(run, ms),
    clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
  delay: () => number = botDelay,
) {
  const waiting: { wait: number; replies: BotReply[] }[] = [];
  let running: unknown = null;
  const next = () => {
    const group = waiting[0];
    running = timer.set(() => {
      waiting.shift();
      running = null;
      show(group.replies);
      if (waiting.length > 0) next();
      else setTyping(false);
    }, group.wait);
  };
  return {
    push(replies: BotReply[]) {
      const groups = replyGroups(replies, delay);
      if (groups.length === 0) return;
      waiting.push(...groups);
      setTyping(true);
      if (running === null) next();
    },
    /** the chat is closed: nothing more arrives */
    stop() {
      if (running !== null) timer.clear(running);
      running = null;
      waiting.length = 0;
    },
  };
}

/**
 * One answer's replies as they arrive: each group waits its delay after the one before (the
 * first after the visitor's message) and then shows all its replies at once. A reply that
 * follows one carrying a link comes with it: a message arriving a moment later would scroll
 * the conversation, and a visitor reaching for the link would tap where it had been.
 */
export function replyGroups(
  replies: BotReply[],
  delay: () => number = botDelay,
): { wait: number; replies: BotReply[] }[] {
  const groups: { wait: number; replies: BotReply[] }[] = [];
  replies.forEach((reply, i) => {
    if (i > 0 && replies[i - 1].link) groups[groups.length - 1].replies.push(reply);
    else groups.push({ wait: delay(), replies: [reply] });
  });
  return groups;
}
