import { type ComponentProps, useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true once the
 * page's scripts have taken it over: a control that needs them is shown only then.
 */
const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * A button that does its work in place with scripts (opens a dialog, switches a tab).
 * Until they have run (they load after the first paint, or never), it is a link to `href`,
 * a page that does the same without them; so an early tap is not lost on a dead button.
 */
export function ButtonUntilScripts({ href, ...props }: ComponentProps<"button"> & { href: string }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={href} className={props.className}>
        {props.children}
      </a>
    );
  }
  return <button type="button" {...props} />;
}
