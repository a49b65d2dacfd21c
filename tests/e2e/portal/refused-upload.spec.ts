import { expect, test } from "@playwright/test";
import { signedInCustomerWithTicket } from "../admin/helpers.ts";
import { sidewaysOverflow } from "../fixtures/layout-checks.ts";
import { openPage } from "../fixtures/site.ts";

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 375, height: 812 } });

test("on a phone, a file the server refuses stays inside its card, says why, and offers no Retry", async ({
  page,
  baseURL,
}) => {
  const ticketId = await signedInCustomerWithTicket(page, baseURL!, "Revathi");
  await openPage(page, `/tickets/${ticketId}`);
  const form = page.getByRole("form", { name: "Reply to support" });
  await form.getByLabel("Your reply").fill("A photo of the hinge, as asked.");
  // a program with a photo's name: the browser takes it for a PNG, the server reads its bytes
  const name = "wardrobe-hinge-photo-from-the-installer-whatsapp-group-2026-11-28.png";
  await form.getByTestId("attachment-input").setInputFiles({
    name,
    mimeType: "image/png",
    buffer: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2048, 0x41)]),
  });
  await form.getByRole("button", { name: "Send Reply" }).click();

  const row = form.getByTestId("chosen-files").getByRole("listitem");
  await expect(row.getByRole("alert")).toContainText(`Not uploaded: "${name}" is not a photo`);
  // a refusal is not a hiccup: sending the same bytes again cannot work
  await expect(row.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Remove ${name}` })).toBeInViewport({ ratio: 1 });
  // no broken picture: bytes that are not an image show the file icon
  expect(
    await row
      .locator("img")
      .evaluateAll((imgs) => imgs.filter((i) => !(i as HTMLImageElement).naturalWidth).length),
  ).toBe(0);
  // the row stays inside the form's width and the page does not scroll sideways
  const [rowBox, formBox] = [await row.boundingBox(), await form.boundingBox()];
  expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(formBox!.x + formBox!.width + 0.5);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
