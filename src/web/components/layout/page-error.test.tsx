import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ApiError } from "@web/lib/api.ts";
import { lazyPage } from "@web/lib/lazy-page.tsx";
import { type ReactNode, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageErrorBoundary, throwUnlessNotFound } from "./page-error.tsx";

/**
 * A page that fails keeps the rest of the site on screen and offers a way back: React's
 * rendering in a simulated browser, with the query cache and the lazy pages the site uses.
 */
afterEach(cleanup);
beforeEach(() => {
  // React reports every error a boundary catches; the failures here are on purpose
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function Site({ children, client = new QueryClient() }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <header>Site header</header>
      <PageErrorBoundary>
        <Suspense fallback={<p>Loading page</p>}>{children}</Suspense>
      </PageErrorBoundary>
      <footer>Site footer</footer>
    </QueryClientProvider>
  );
}

describe("a page that fails", () => {
  it("shows what went wrong with a Try again, and the header and footer stay", async () => {
    let broken = true;
    function Page() {
      if (broken) throw new Error("a bug");
      return <h1>The page</h1>;
    }
    render(
      <Site>
        <Page />
      </Site>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("Site header")).toBeTruthy();
    expect(screen.getByText("Site footer")).toBeTruthy();

    broken = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "The page" })).toBeTruthy();
  });

  it("downloads the page's code again on Try again instead of remembering the failure", async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts++;
      if (attempts <= 2) throw new TypeError("Failed to fetch dynamically imported module");
      return { default: () => <h1>Downloaded page</h1> };
    });
    // awaited: the page suspends while its code downloads
    await act(async () => {
      render(
        <Site>
          <Page />
        </Site>,
      );
    });
    // the first failure is retried once by itself, a second later
    expect(
      await screen.findByRole("heading", { name: "Something went wrong" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(attempts).toBe(2);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    });
    expect(await screen.findByRole("heading", { name: "Downloaded page" })).toBeTruthy();
    expect(attempts).toBe(3);
  });

  it("reads its data again on Try again when the read failed for a reason other than not found", async () => {
    let answers = 0;
    function CityPage() {
      const { data, error, isPending } = useQuery({
        queryKey: ["/api/cities/chennai"],
        queryFn: async () => {
          answers++;
          if (answers === 1) throw ApiError.fromAnswer(503, '{"message":"Service unavailable"}');
          return { name: "Chennai" };
        },
        retry: false,
      });
      if (isPending) return <p>Loading city</p>;
      if (error) {
        throwUnlessNotFound(error);
        return <h1>City Not Found</h1>;
      }
      return <h1>{data.name}</h1>;
    }
    render(
      <Site>
        <CityPage />
      </Site>,
    );
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.queryByText("City Not Found")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Chennai" })).toBeTruthy();
    expect(answers).toBe(2);
  });

  it("is not found only when the API says there is no such item", () => {
    expect(() => throwUnlessNotFound(ApiError.fromAnswer(404, '{"message":"City not found"}'))).not.toThrow();
    expect(() => throwUnlessNotFound(ApiError.fromAnswer(400, '{"message":"Invalid slug"}'))).not.toThrow();
    expect(() =>
      throwUnlessNotFound(ApiError.fromAnswer(500, '{"message":"Something went wrong"}')),
    ).toThrow();
    expect(() => throwUnlessNotFound(new ApiError(0, "Could not reach the server."))).toThrow();
    expect(() => throwUnlessNotFound(null)).not.toThrow();
  });
});
