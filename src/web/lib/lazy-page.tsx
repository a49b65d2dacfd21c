import { type ComponentType, lazy } from "react";

/** What the router hands every page: the URL parameters of its route. */
export interface PageProps {
  params: Record<string, string>;
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export type LazyPage<P = object> = ComponentType<P> & {
  /** loads the page's code; once done, the page renders without suspending */
  preload(): Promise<void>;
};

/**
 * A route component whose code is its own chunk. Unlike a bare React.lazy, once preloaded
 * it renders synchronously: the server preloads before rendering to a string, and the
 * browser preloads the current page before hydrating, so the server's HTML is hydrated
 * as it is, never replaced by a fallback.
 */
export function lazyPage<P extends object>(load: Loader<P>): LazyPage<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then((m) => {
      Loaded = m.default;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded as ComponentType<P> })));
  function Page(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
