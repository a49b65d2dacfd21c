import { expect, test } from "@playwright/test";
import { fillEnquiry, openPage } from "../fixtures/site.ts";

test.describe("enquiry form", () => {
  test("shows the spec's validation messages and keeps the visitor on the form", async ({ page }) => {
    await openPage(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Please select your area of interest",
      "Message must be at least 10 characters",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "4");
  });

  test("sends, thanks the visitor, and starts over empty", async ({ page }) => {
    await openPage(page, "/contact");
    await fillEnquiry(page);
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/inquiries") && r.method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    const request = await posted;
    expect(request.postDataJSON()).toMatchObject({ name: "Lakshmi Narayanan", interest: "b2c-premium" });
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(
      page.getByText("Your message has been sent successfully. We'll get back to you shortly."),
    ).toBeVisible();
    // Radix repeats a toast in a live region for screen readers, hence first()
    await expect(page.getByText("Message sent successfully!").first()).toBeVisible();
    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  });

  test("shows 'Sending...' while the request is on its way", async ({ page }) => {
    await openPage(page, "/b2c");
    // made before the request: a release that came before the route's handler ran was lost,
    // and the request then waited forever
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/inquiries", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Full Name").fill("Arun");
    await page.getByLabel("Email Address").fill("arun@example.in");
    await page.getByLabel("Phone Number").fill("9876543210");
    await page.getByLabel("Message", { exact: true }).fill("Please call me about the Premium plan.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  });

  test("on a failure keeps what was typed and says so", async ({ page }) => {
    await openPage(page, "/contact");
    await page.route("**/api/inquiries", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Database unavailable" }),
      }),
    );
    await page.getByLabel("Full Name").fill("Priya Raman");
    await page.getByLabel("Email Address").fill("priya@example.in");
    await page.getByLabel("Phone Number").fill("9840012345");
    await page.getByLabel("I'm Interested In").selectOption("b2b");
    await page.getByLabel("Message", { exact: true }).fill("We fit out 40 apartments a year in Chennai.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Error sending message").first()).toBeVisible();
    // said at the form too, in plain words (never the server's own), with a phone number as the way forward
    const alert = page.locator("#contact form").getByRole("alert");
    await expect(alert).toContainText("Error sending message");
    await expect(alert).toContainText("Nothing was sent");
    await expect(page.getByText("Database unavailable")).toHaveCount(0);
    await expect(alert.getByRole("link", { name: "+91 44 4850 2200" })).toHaveAttribute(
      "href",
      "tel:+914448502200",
    );
    await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
    await expect(page.getByLabel("Full Name")).toHaveValue("Priya Raman");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "We fit out 40 apartments a year in Chennai.",
    );
  });
});
