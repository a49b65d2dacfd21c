import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { COMPANY } from "../../../src/web/lib/company.ts";
import { fillEnquiry, waitForHydration } from "../fixtures/site.ts";

/**
 * A submit that fails on our side, for real: the browser reaches the site through a small
 * reverse proxy in front of the test server, the way production runs behind one. When the
 * proxy cannot reach the server it answers as a bare web server does, "500 Internal Server
 * Error" in plain text; when the proxy itself is stopped, nothing answers at all. Either way
 * the customer reads that nothing was sent, to try again, and the number to call, never the
 * server's own words.
 */

interface Proxy {
  url: string;
  /** send requests to a port where nothing listens, so each one fails at the proxy */
  loseServer(): Promise<void>;
  stop(): Promise<void>;
}

async function startProxy(upstream: string): Promise<Proxy> {
  let target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(http.STATUS_CODES[500]);
    });
    req.pipe(forward);
  });
  // keep-alive connections would outlive stop(): each request gets its own
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async loseServer() {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const deadPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      target = new URL(`http://127.0.0.1:${deadPort}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PHONE = COMPANY.phones[0];

async function expectNothingSent(page: Page) {
  const failure = page.getByTestId("form-failure");
  await expect(failure).toContainText("Error sending message");
  await expect(failure).toContainText("Nothing was sent");
  await expect(failure).toContainText("Please try again");
  await expect(failure.getByRole("link", { name: PHONE })).toHaveAttribute("href", /^tel:\+91/);
  // (no toast is asserted: its code is fetched on first use, from the server that is down)
  await expect(page.locator("body")).not.toContainText(/Internal Server Error|Could not reach the server/);
  // what was typed is still there for the next try
  await expect(page.getByLabel("Full Name")).toHaveValue("Lakshmi Narayanan");
}

for (const width of [375, 1280]) {
  test(`at ${width} px a failed enquiry says nothing was sent, to try again, and the number to call`, async ({
    page,
    baseURL,
  }) => {
    const proxy = await startProxy(baseURL!);
    try {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${proxy.url}/contact`);
      await waitForHydration(page);
      await fillEnquiry(page);

      // the server cannot be reached behind the proxy: a real "500 Internal Server Error"
      await proxy.loseServer();
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/inquiries"));
      await page.getByRole("button", { name: "Send Message" }).click();
      expect((await answer).status()).toBe(500);
      expect(await (await answer).text()).toBe("Internal Server Error");
      await expectNothingSent(page);

      // the proxy is gone as well: no answer at all
      await proxy.stop();
      const refused = page.waitForEvent("requestfailed", (r) => r.url().endsWith("/api/inquiries"));
      await page.getByRole("button", { name: "Send Message" }).click();
      await refused;
      await expectNothingSent(page);
    } finally {
      await proxy.stop().catch(() => {});
    }
  });
}
