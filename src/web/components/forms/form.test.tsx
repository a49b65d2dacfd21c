import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { Form } from "./form.tsx";

/** every .tsx file under src/web, tests aside */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [file] : [];
  });
}

describe("Form", () => {
  it("posts to the page it is on, and names a form the server takes without scripts", () => {
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <Router ssrPath="/auth" ssrSearch="next=%2Fdashboard">
          <Form intent="login" aria-label="Login">
            <input name="username" />
          </Form>
        </Router>
      </QueryClientProvider>,
    );
    expect(html).toContain('method="post"');
    expect(html).toContain('action="/auth?next=%2Fdashboard"');
    expect(html).toContain('<input type="hidden" name="_action" value="login"/>');
  });

  it("is what every form of the site is built on: no bare <form> would be sent by GET", () => {
    const bare = sources(path.resolve("src/web")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<form\b[^>]*>/g)]
        // a lookup whose answer has an address of its own may say method="get" on purpose
        .filter((m) => !/\bmethod="(post|get)"/.test(m[0]))
        .map(() => path.relative(process.cwd(), file)),
    );
    expect(bare).toEqual([]);
  });
});
