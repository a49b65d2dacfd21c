import { expect, test } from "@playwright/test";
import { currentToast, DEMO, loginAs, submitLoginForm, uniqueUsername } from "../fixtures/auth.ts";
import { openPage } from "../fixtures/site.ts";

// the machine running CI is small and shared: give the slower flows room, not flakiness
test.describe.configure({ timeout: 90_000 });

test.describe("registering", () => {
  test("shows every validation message of the login and registration forms", async ({ page }) => {
    await openPage(page, "/auth?tab=register");
    const form = page.getByRole("form", { name: "Register" });
    await form.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Username must be at least 3 characters",
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Please confirm your password",
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await form.getByLabel("Password", { exact: true }).fill("secret-1");
    await form.getByLabel("Confirm Password").fill("secret-2");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Passwords do not match", { exact: true })).toBeVisible();
    // the invalid field is marked for assistive technology
    await expect(form.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
  });

  test("creates a customer without sending confirmPassword, then welcomes them", async ({ page }) => {
    const username = uniqueUsername("reg");
    await openPage(page, "/auth?tab=register");
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("First Name").fill("Lakshmi");
    await form.getByLabel("Last Name").fill("Narayanan");
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Email").fill(`${username}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill("lakshmi-pass");
    await form.getByLabel("Confirm Password").fill("lakshmi-pass");
    await form.getByLabel("City").fill("Chennai");
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/register") && r.method() === "POST");
    await form.getByRole("button", { name: "Create Account" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty("confirmPassword");
    expect(body.role).toBe("customer");
    expect(body.city).toBe("Chennai");

    await expect(currentToast(page)).toContainText("Registration successful");
    await expect(currentToast(page)).toContainText("Lakshmi");
    // a new customer lands on their dashboard
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("user-menu")).toContainText("Lakshmi");
  });

  test("a taken username gives the 'Registration failed' toast", async ({ page }) => {
    await openPage(page, "/auth?tab=register");
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("First Name").fill("Copy");
    await form.getByLabel("Last Name").fill("Cat");
    await form.getByLabel("Username").fill(DEMO.customer);
    await form.getByLabel("Email").fill(`${uniqueUsername()}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill("copycat-pass");
    await form.getByLabel("Confirm Password").fill("copycat-pass");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(currentToast(page)).toContainText("Registration failed");
    await expect(currentToast(page)).toContainText("Username already exists");
    await expect(form.getByText("This username is already taken")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe("logging in and out", () => {
  test("shows the login validation messages", async ({ page }) => {
    await openPage(page, "/auth");
    const form = page.getByRole("form", { name: "Login" });
    await form.getByRole("button", { name: "Login" }).click();
    await expect(form.getByText("Username is required and must be at least 3 characters")).toBeVisible();
    await expect(form.getByText("Password is required and must be at least 6 characters")).toBeVisible();
  });

  test("a wrong password gives the 'Login failed' toast", async ({ page }) => {
    await openPage(page, "/auth");
    const form = await submitLoginForm(page, DEMO.customer, "not-the-password");
    await expect(currentToast(page)).toContainText("Login failed");
    await expect(currentToast(page)).toContainText("Invalid username or password");
    // and at the form, where the eye is, with the phone number
    const alert = form.getByRole("alert");
    await expect(alert).toContainText("Login failed");
    await expect(alert).toContainText("Invalid username or password");
    await expect(alert.getByRole("link", { name: "+91 44 4850 2200" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test("logs in with a welcome toast and logs out with the 'Logged out' toast", async ({ page }) => {
    await openPage(page, "/auth");
    await submitLoginForm(page, DEMO.customer);
    await expect(currentToast(page)).toContainText("Login successful");
    await expect(currentToast(page)).toContainText("Welcome back, Karthik!");
    await expect(page).toHaveURL(/\/dashboard$/);

    // the user menu: Dashboard, no Admin Panel for a customer, Logout
    await page.getByTestId("user-menu").click();
    await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(currentToast(page)).toContainText("Logged out");
    await expect(currentToast(page)).toContainText("You have been successfully logged out");
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();

    // the session is really gone
    await openPage(page, "/dashboard");
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  });

  test("staff land on the console after signing in, and ?next= wins over both", async ({ page }) => {
    await openPage(page, "/auth");
    await submitLoginForm(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin$/);

    await page.context().clearCookies();
    await openPage(page, "/auth?next=%2Fb2c");
    await submitLoginForm(page, DEMO.customer);
    await expect(page).toHaveURL(/\/b2c$/);
  });

  test("a signed-in visitor opening /auth is sent home", async ({ page }) => {
    await loginAs(page, DEMO.customer);
    await openPage(page, "/auth");
    await expect(page).toHaveURL(/\/$/);
  });

  test("admins see Admin Panel in the user menu", async ({ page }) => {
    await loginAs(page, DEMO.admin);
    await openPage(page, "/");
    await page.getByTestId("user-menu").click();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toBeVisible();
  });
});
