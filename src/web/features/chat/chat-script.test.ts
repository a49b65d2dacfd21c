import { describe, expect, it } from "vitest";
import {
  type BotReply,
  type ChatState,
  createReplyQueue,
  initialChatState,
  officeOpenAt,
  replyGroups,
  respond,
} from "./chat-script.ts";

const inMenu: ChatState = { stage: "menu", name: "Meena", email: "meena@example.in", phone: "9840012345" };
const allText = (replies: { text: string }[]) => replies.map((r) => r.text).join(" ");

describe("the chat assistant", () => {
  it("claims no policy status: a guest is sent to sign in, a customer to the dashboard", () => {
    const guest = respond(inMenu, "Check Warranty Status", { signedIn: false });
    expect(allText(guest.replies)).not.toMatch(/Status: Active|covered until/);
    expect(guest.replies.map((r) => r.link?.href)).toContain("/auth?next=%2Fdashboard");
    expect(guest.replies.some((r) => r.link?.href === "/verify")).toBe(false);

    const withVerify = respond(inMenu, "Check Warranty Status", { signedIn: false, verifyPath: "/verify" });
    expect(withVerify.replies.map((r) => r.link?.href)).toContain("/verify");

    const customer = respond(inMenu, "Check Warranty Status", { signedIn: true });
    expect(customer.replies[0].link?.href).toBe("/dashboard");
  });

  it("sends a signed-out policy holder to sign in and the claim form; a visitor without one to the enquiry form", () => {
    const asked = respond(inMenu, "Raise a Service Request", { signedIn: false });
    // the policy holder: sign in, and come back to the claim form
    expect(asked.replies[0].link).toEqual({
      href: "/auth?next=%2Ftickets%2Fnew",
      label: "Sign in to report a problem",
    });
    expect(asked.replies.some((r) => r.link?.href.startsWith("/contact"))).toBe(false);
    // the prospective customer: describe it, and it goes to the enquiry form
    expect(asked.state.stage).toBe("issue");
    expect(allText(asked.replies)).toContain("No policy with us yet?");
    const done = respond(asked.state, "My Elite wardrobe door hinge is broken", { signedIn: false });
    expect(allText(done.replies)).not.toMatch(/SR-\d/);
    const link = done.replies.find((r) => r.link)?.link;
    expect(link?.href).toBe("/contact?interest=b2c-elite");
    expect(link?.handoff).toEqual({
      name: "Meena",
      email: "meena@example.in",
      phone: "9840012345",
      interest: "b2c-elite",
      message: "Issue at home: My Elite wardrobe door hinge is broken",
    });
    expect(done.state.stage).toBe("menu");
  });

  it("words that name a problem lead the same way", () => {
    for (const words of ["my wardrobe hinge is broken", "I want to report a problem"]) {
      const result = respond(inMenu, words, { signedIn: false });
      expect(result.replies[0].link?.href).toBe("/auth?next=%2Ftickets%2Fnew");
    }
  });

  it("sends a signed-in customer straight to the claim form", () => {
    const result = respond(inMenu, "Raise a Service Request", { signedIn: true });
    expect(result.state.stage).toBe("menu");
    expect(result.replies[0].link?.href).toBe("/tickets/new");
  });

  it("says whether the office is open now, on India's clock", () => {
    // 2026-11-23 is a Monday; 10:00 in Chennai is 04:30 UTC
    expect(officeOpenAt(new Date("2026-11-23T04:30:00Z"))).toBe(true);
    expect(officeOpenAt(new Date("2026-11-23T12:29:00Z"))).toBe(true); // 17:59
    expect(officeOpenAt(new Date("2026-11-23T12:30:00Z"))).toBe(false); // 18:00
    expect(officeOpenAt(new Date("2026-11-28T10:00:00Z"))).toBe(true); // Saturday 15:30
    expect(officeOpenAt(new Date("2026-11-28T10:30:00Z"))).toBe(false); // Saturday 16:00
    expect(officeOpenAt(new Date("2026-11-29T05:00:00Z"))).toBe(false); // Sunday
    const open = respond(inMenu, "Talk to a Human", {
      signedIn: false,
      now: new Date("2026-11-23T04:30:00Z"),
    });
    expect(open.replies[0].text).toContain("We're open now");
    expect(open.replies[0].text).toContain("+91 44 4850 2200");
    // open: a phone dials the office with one tap
    expect(open.replies[0].link).toEqual({ href: "tel:+914448502200", label: "Call +91 44 4850 2200" });
    const closed = respond(inMenu, "Talk to a Human", {
      signedIn: false,
      now: new Date("2026-11-29T05:00:00Z"),
    });
    expect(closed.replies[0].text).toContain("We're closed right now");
    expect(closed.replies[0].link?.href).toBe("/contact");
  });
});

describe("what the assistant says about the portal", () => {
  const answer = (question: string) => allText(respond(inMenu, question, { signedIn: false }).replies);

  it("renewal is the Renew button, not a call", () => {
    expect(answer("How do I renew my plan?")).toContain("a Renew button appears on your policy page");
    expect(answer("Can I extend my Premium plan?")).toContain("Renew button");
  });
  it("photos go with the claim form, not through the chat", () => {
    expect(answer("Can I send you photos?")).toContain("send the claim form");
    expect(answer("Where do I upload pictures?")).toContain("attaching photos");
  });
  it("a transfer starts from the policy page; a certificate is checked on the verification page", () => {
    expect(answer("Can I transfer the warranty when I sell?")).toContain("Start it from your policy page");
    expect(answer("How can a buyer verify my certificate?")).toContain("verification page");
  });
});

describe("the timing of the assistant's replies", () => {
  it("brings a follow-up with the reply whose link comes before it, so the link does not move under a tap", () => {
    const asked = respond(inMenu, "Raise a Service Request", { signedIn: false });
    const done = respond(asked.state, "My Elite wardrobe door hinge is broken", { signedIn: false });
    const linkAt = done.replies.findIndex((r) => r.link);
    expect(linkAt).toBeGreaterThanOrEqual(0);
    expect(done.replies.length).toBeGreaterThan(linkAt + 1);
    const groups = replyGroups(done.replies, () => 1000);
    const withLink = groups.find((g) => g.replies.some((r) => r.link));
    expect(withLink?.replies.at(-1)).toBe(done.replies.at(-1));
    expect(groups.flatMap((g) => g.replies)).toEqual(done.replies);
  });

  it("still paces replies without links one by one", () => {
    const greeted = respond(initialChatState(), "Meena", { signedIn: false });
    expect(greeted.replies.every((r) => !r.link)).toBe(true);
    const groups = replyGroups(greeted.replies, () => 1000);
    expect(groups.map((g) => g.replies.length)).toEqual(greeted.replies.map(() => 1));
    expect(groups.every((g) => g.wait === 1000)).toBe(true);
  });
});

describe("the queue of replies on their way", () => {
  /** timers the test runs by hand, in the order they are due */
  function handTimers() {
    let now = 0;
    const due: { at: number; run: () => void; id: number }[] = [];
    let ids = 0;
    return {
      timer: {
        set: (run: () => void, ms: number) => {
          due.push({ at: now + ms, run, id: ++ids });
          return ids;
        },
        clear: (id: unknown) => {
          const i = due.findIndex((d) => d.id === id);
          if (i >= 0) due.splice(i, 1);
        },
      },
      /** moves the clock to the next timer and runs it */
      runNext() {
        due.sort((a, b) => a.at - b.at);
        const next = due.shift();
        if (!next) return false;
        now = next.at;
        next.run();
        return true;
      },
    };
  }

  function recordedQueue() {
    const clock = handTimers();
    const log: string[] = [];
    const queue = createReplyQueue(
      (replies: BotReply[]) => log.push(`show ${replies.map((r) => r.text).join(" + ")}`),
      (typing: boolean) => log.push(typing ? "typing" : "done"),
      clock.timer,
      () => 1000,
    );
    return { clock, log, queue };
  }

  it("shows the link and its follow-up together, and stops typing with them", () => {
    const { clock, log, queue } = recordedQueue();
    const asked = respond(inMenu, "Raise a Service Request", { signedIn: false });
    const done = respond(asked.state, "The loft shutter is loose", { signedIn: false });
    queue.push(done.replies);
    expect(log).toEqual(["typing"]);
    while (clock.runNext());
    // the last thing that happens is the end of typing, right after the replies with the link
    expect(log.at(-1)).toBe("done");
    expect(log.at(-2)).toContain("I've put your details");
    expect(log.at(-2)).toContain("Anything else I can help you with?");
    expect(log.filter((l) => l.startsWith("show"))).toHaveLength(1);
  });

  it("answers a visitor typing ahead in order, typing until the very last reply", () => {
    const { clock, log, queue } = recordedQueue();
    queue.push([{ text: "first" }, { text: "second" }]);
    clock.runNext();
    queue.push([{ text: "third" }]);
    while (clock.runNext());
    expect(log).toEqual(["typing", "show first", "typing", "show second", "show third", "done"]);
  });

  it("shows nothing more once stopped (the chat closed)", () => {
    const { clock, log, queue } = recordedQueue();
    queue.push([{ text: "first" }]);
    queue.stop();
    while (clock.runNext());
    expect(log).toEqual(["typing"]);
  });
});
