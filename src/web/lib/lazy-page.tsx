import { type ComponentType, use } from "react";

/** What the router hands every page: the URL parameters of its route. */
export interface PageProps {
  params: Record<string, string>;
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export type LazyPage<P = object> = ComponentType<P> & {
  /** loads the page's code; once done, the page renders without suspending */
  preload(): Promise<void>;
};

/** a download that failed once (a dropped connection, a deploy in progress) is tried again after this */
const RETRY_AFTER_MS = 1000;

/** how to forget each page download that failed, until someone asks to try again */
const failedDownloads = new Set<() => void>();

/**
 * Forgets every page download that failed, so the next render of those pages downloads
 * them afresh. The error boundary calls it for Try again and on moving to another address.
 */
export function forgetFailedDownloads() {
  for (const forget of failedDownloads) forget();
  failedDownloads.clear();
}

/**
 * A route component whose code is its own chunk. Unlike React.lazy, once preloaded it
 * renders synchronously: the server preloads before rendering to a string, and the browser
 * preloads the current page before hydrating, so the server's HTML is hydrated as it is,
 * never replaced by a fallback. And unlike React.lazy, a failed download is not kept until
 * a reload: it is tried once more a second later, and if that fails too the page throws to
 * the error boundary, and stays failed (rendering it again must not start a download loop)
 * until forgetFailedDownloads().
 */
export function lazyPage<P extends object>(load: Loader<P>): LazyPage<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load()
      .catch(() => new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(load))
      .then(
        (m) => {
          Loaded = m.default;
        },
        (error: unknown) => {
          failedDownloads.add(() => {
            pending = null;
          });
          throw error;
        },
      );
    return pending;
  };
  function Page(props: P) {
    if (!Loaded) use(preload());
    const Ready = Loaded as ComponentType<P>;
    return <Ready {...props} />;
  }
  return Object.assign(Page, { preload });
}
