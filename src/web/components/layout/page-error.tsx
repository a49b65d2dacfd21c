import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { errorStatus } from "@web/lib/api.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { forgetFailedDownloads } from "@web/lib/lazy-page.tsx";
import { House, RefreshCw, TriangleAlert } from "lucide-react";
import { Component, type ReactNode } from "react";
import { useLocation } from "wouter";
import { HydrationMarker } from "./hydration-marker.tsx";
import { Container } from "./section.tsx";

const TITLE = "Something went wrong";
const MESSAGE = "This page could not be shown just now. Please try again in a moment.";

/**
 * For a page whose read failed: only the API's answer that there is no such item (404, or
 * 400 for an address that could not name one) makes a not-found page. Any other failure (a
 * database hiccup, a lost connection) is thrown to the error boundary, and on the server
 * becomes a 503 page, so search engines never hear that a page is gone when it is only
 * unavailable for a moment.
 */
export function throwUnlessNotFound(error: unknown) {
  const status = errorStatus(error);
  if (error && status !== 404 && status !== 400) throw error;
}

/** The friendly dead end of a page that failed; `actions` are its way out. */
function ErrorPanel({ actions }: { actions: ReactNode }) {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-danger">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </span>
      <div role="alert">
        <h1 className="mt-6 font-display text-3xl font-bold md:text-4xl">{TITLE}</h1>
        <p className="mt-4 max-w-lg text-lg text-muted-foreground">{MESSAGE}</p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </Container>
  );
}

/** The way out that needs nothing of the failed page: both error pages offer it beside Try again. */
function BackToHome() {
  return (
    <Button asChild size="lg" variant="outline">
      <a href="/">
        <House aria-hidden="true" /> Back to Home
      </a>
    </Button>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** a new key (the next address) clears the failure */
  resetKey: string;
  onReset(): void;
  fallback(retry: () => void): ReactNode;
}

/**
 * Catches what its children throw while rendering, so one failure shows a way out instead
 * of unmounting the whole site.
 */
class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * Around the page between the header and the footer: a page that throws (a read that
 * failed for a reason other than "not found", code that did not download, a bug) shows
 * what went wrong with a Try again, and the rest of the site keeps working. Trying again
 * forgets the failed reads, so they are fetched anew, and renders the page again, which
 * downloads its code again if that was what failed. Moving to another address does both.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const queryClient = useQueryClient();
  return (
    <ErrorBoundary
      resetKey={location}
      onReset={() => {
        forgetFailedDownloads();
        void queryClient.resetQueries({ predicate: (query) => query.state.status === "error" });
      }}
      fallback={(retry) => (
        <>
          <PageMeta title={TITLE} description={MESSAGE} path={location} noindex />
          <HydrationMarker />
          <ErrorPanel
            actions={
              <>
                <Button size="lg" onClick={retry}>
                  <RefreshCw aria-hidden="true" /> Try again
                </Button>
                <BackToHome />
              </>
            }
          />
        </>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Around everything: when the header or footer itself fails, a reload is the way out. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      resetKey=""
      onReset={() => window.location.reload()}
      fallback={(retry) => (
        <ErrorPanel
          actions={
            <Button size="lg" onClick={retry}>
              <RefreshCw aria-hidden="true" /> Try again
            </Button>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * What the server sends when it could not render a page: the same panel, as plain HTML
 * without scripts, so it works whatever failed. Try again asks for the page again.
 */
export function ServerErrorPage({ url }: { url: string }) {
  return (
    <main id="main">
      <ErrorPanel
        actions={
          <>
            <Button asChild size="lg">
              <a href={url}>
                <RefreshCw aria-hidden="true" /> Try again
              </a>
            </Button>
            <BackToHome />
          </>
        }
      />
    </main>
  );
}

export const SERVER_ERROR_HEAD = { title: TITLE, description: MESSAGE };
