import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });

// `?next=` values that start with one slash but lead to another site once the browser normalises them
for (const next of ["/.//evil.example", "/..//evil.example/phish", "/%2e%2e//evil.example"]) {
  test(`logging in from /auth?next=${next} stays on this site, on the dashboard`, async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await openPage(page, `/auth?next=${encodeURIComponent(next)}`);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Username").fill(DEMO.customer);
    await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Login" }).click();

    await expect(page).toHaveURL(`${baseURL}/dashboard`);
    await expect(page.getByTestId("user-menu")).toContainText("Karthik");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
