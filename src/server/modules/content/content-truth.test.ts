import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import type { BlogPost, CitySummary, Faq } from "../../../shared/schemas/content.ts";

/**
 * What the public pages tell people about using the product must be what the product does:
 * renewals have a Renew button in the portal, claims (with their photos) go through the
 * portal's claim form, transfers start from the policy page, and the chat assistant raises
 * nothing. These read the content as a visitor's browser does, from a freshly seeded site.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};
const answerTo = (faqs: Faq[], question: RegExp) => {
  const faq = faqs.find((f) => question.test(f.question));
  if (!faq) throw new Error(`no FAQ asks ${question}`);
  return faq.answer;
};

describe("the FAQ says what the portal does", () => {
  it("renewal: the Renew button, not a phone call", async () => {
    const renew = answerTo(await get<Faq[]>("/api/faqs"), /renew/i);
    expect(renew).toContain("a Renew button appears on your policy page and your dashboard");
    expect(renew).toContain("from 60 days before your plan ends");
    expect(renew).not.toMatch(/call us|send an enquiry|contact form/i);
  });

  it("claims: the claim form with photos attached, not the chat", async () => {
    const claim = answerTo(await get<Faq[]>("/api/faqs"), /^How do I make a claim/);
    expect(claim).toContain("sign in and send the claim form");
    expect(claim).toContain("attach photos or PDFs");
    expect(claim).not.toMatch(/chat/i);
  });

  it("transfer: started by the holder from the policy, accepted by the buyer", async () => {
    const transfer = answerTo(await get<Faq[]>("/api/faqs"), /transfer/i);
    expect(transfer).toContain("choose Transfer to the buyer");
    expect(transfer).toContain("a link that works for 14 days");
    expect(transfer).not.toMatch(/tell us the buyer/i);
  });
});

describe("no page sends a claim through the chat or the enquiry form", () => {
  it("blog posts and city pages", async () => {
    const posts = await get<BlogPost[]>("/api/blog");
    const cities = await get<CitySummary[]>("/api/cities");
    const pages = [
      ...posts.map((p) => ({ where: `blog ${p.slug}`, text: p.content })),
      ...(await Promise.all(
        cities.map(async (c) => ({
          where: `city ${c.slug}`,
          text: (await get<{ content: string | null }>(`/api/cities/${c.slug}`)).content ?? "",
        })),
      )),
      ...(await get<Faq[]>("/api/faqs")).map((f) => ({ where: f.question, text: f.answer })),
    ];
    for (const { where, text } of pages) {
      expect(text, where).not.toMatch(/chat assistant|by chat/i);
      // a service request is raised in the portal; the contact form is for enquiries
      expect(text, where).not.toMatch(/href="\/contact">raise a service request/i);
    }
    const claims = posts.find((p) => /claim/i.test(p.title));
    expect(claims?.content).toContain("Sign in and send the claim form");
    const transfer = posts.find((p) => p.slug === "transferring-your-interior-warranty-when-you-sell");
    expect(transfer?.content).toContain("Start the transfer from your policy page.");
    expect(transfer?.content).not.toContain("Contact our support team with your policy number");
  });
});
