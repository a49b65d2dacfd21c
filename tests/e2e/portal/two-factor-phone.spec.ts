import { expect, test } from "@playwright/test";
import { registerFreshCustomer } from "../fixtures/auth.ts";
import { sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

test.use({ viewport: { width: 375, height: 800 } });

test("on a phone, two-factor set-up offers to open the authenticator app on the same phone", async ({
  page,
}) => {
  await registerFreshCustomer(page);
  await openPage(page, "/dashboard");
  await page.getByRole("button", { name: "Two-factor sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Two-factor sign-in" });
  await dialog.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(
    dialog.getByRole("img", { name: "QR code to scan with your authenticator app" }),
  ).toBeVisible();

  // the phone cannot scan its own screen: the link hands the same key to the app
  const open = dialog.getByRole("link", { name: "Open in authenticator app" });
  await expect(open).toBeInViewport();
  const href = new URL((await open.getAttribute("href")) ?? "");
  expect(href.protocol).toBe("otpauth:");
  expect(href.host).toBe("totp");
  const secret = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(href.searchParams.get("secret")).toBe(secret);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
