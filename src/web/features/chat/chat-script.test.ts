import { describe, expect, it } from "vitest";
import { type ChatState, initialChatState, officeOpenAt, replyGroups, respond } from "./chat-script.ts";

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

  it("hands a guest's service request to the enquiry form instead of inventing a number", () => {
    const asked = respond(inMenu, "Raise a Service Request", { signedIn: false });
    expect(asked.state.stage).toBe("issue");
    const done = respond(asked.state, "My Elite wardrobe door hinge is broken", { signedIn: false });
    expect(allText(done.replies)).not.toMatch(/SR-\d/);
    const link = done.replies.find((r) => r.link)?.link;
    expect(link?.href).toBe("/contact?interest=b2c-elite");
    expect(link?.handoff).toEqual({
      name: "Meena",
      email: "meena@example.in",
      phone: "9840012345",
      interest: "b2c-elite",
      message: "Service request: My Elite wardrobe door hinge is broken",
    });
    expect(done.state.stage).toBe("menu");
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
