import { expect, type Page, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, uniqueUsername } from "../fixtures/auth.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

/** no request the page makes carries a form's secret in its address */
function addressesSeen(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => seen.push(request.url()));
  return seen;
}

test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in, after a refusal that keeps the username and never the password", async ({ page }) => {
    const seen = addressesSeen(page);
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Username or e-mail").fill(DEMO.customer);
    await form.getByLabel("Password", { exact: true }).fill("not-my-password");
    await form.getByRole("button", { name: "Login" }).click();

    await expect(page.getByText("Invalid username or password")).toBeVisible();
    await expect(form.getByLabel("Username or e-mail")).toHaveValue(DEMO.customer);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");

    await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Karthik");
    expect(seen.filter((url) => /password|username=/.test(url))).toEqual([]);
  });

  test("the Login and Register tabs switch as links", async ({ page }) => {
    await page.goto("/auth?next=%2Fdashboard");
    await page.getByRole("tab", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard&tab=register$/);
    await expect(page.getByRole("heading", { level: 2, name: "Create your account" })).toBeVisible();
    await page.getByRole("tab", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Welcome back" })).toBeVisible();
  });

  test("signs up, after the form comes back with its messages and what was typed", async ({ page }) => {
    const username = uniqueUsername("nojs");
    await page.goto("/auth");
    // the switch to the Register tab is a plain link until scripts run
    await page.getByRole("link", { name: "Create an account" }).click();
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("First Name").fill("Anitha");
    await form.getByLabel("Last Name").fill("Raman");
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Email").fill(`${username}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill("jasmine-garland");
    await form.getByLabel("Confirm Password").fill("jasmine-garlands");
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(form.getByText("Passwords do not match", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("First Name")).toHaveValue("Anitha");
    await expect(form.getByLabel("Username")).toHaveValue(username);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");

    await form.getByLabel("Password", { exact: true }).fill("jasmine-garland");
    await form.getByLabel("Confirm Password").fill("jasmine-garland");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Anitha");
  });

  test("sends an enquiry, after the form comes back with the spec's message and the values kept", async ({
    page,
  }) => {
    await page.goto("/contact");
    await page.getByLabel("Full Name").fill("Senthil Kumar");
    await page.getByLabel("Email Address").fill("senthil@example.in");
    await page.getByLabel("Phone Number").fill("+91 98400 55555");
    await page.getByLabel("I'm Interested In").selectOption({ label: "B2C Elite Plan" });
    await page.getByLabel("Message", { exact: true }).fill("Kitchen");
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    // the page comes back scrolled to the form, not to its top
    await expect(page).toHaveURL(/\/contact#enquiry$/);
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeInViewport();
    await expect(page.getByLabel("Full Name")).toHaveValue("Senthil Kumar");
    await expect(page.getByLabel("I'm Interested In")).toHaveValue("b2c-elite");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Kitchen");

    await page.getByLabel("Message", { exact: true }).fill("Modular kitchen in Anna Nagar, fitted in March.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await page.getByRole("link", { name: "Send Another Message" }).click();
    await expect(page.getByLabel("Full Name")).toHaveValue("");
  });

  test("asks for a reset link from the sign-in page's own view", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=forgot$/);
    const form = page.getByRole("form", { name: "Reset your password" });
    await form.getByLabel("Email").fill("not-an-address");
    await form.getByRole("button", { name: "Send reset link" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await form.getByLabel("Email").fill("someone@example.com");
    await form.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account uses that e-mail address");
  });
});

test("a Login tapped before the scripts load puts no field in the address", async ({ page }) => {
  const seen = addressesSeen(page);
  // the page's scripts are held back until after the tap, as on a slow phone
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/auth", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Username or e-mail").fill(DEMO.customer2);
  await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  release();
  const url = new URL(page.url());
  expect(url.search).toBe("");
  expect(seen.filter((address) => address.includes(DEMO_PASSWORD) || /username=/.test(address))).toEqual([]);
});
