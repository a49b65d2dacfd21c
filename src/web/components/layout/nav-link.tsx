import type { ComponentProps, MouseEvent } from "react";
import { Link, useLocation } from "wouter";

/** how long a "/#anchor" link waits for the page that holds its section */
const SECTION_WAIT_MS = 15_000;

/**
 * A link that also understands "/#anchor": on another page it goes home first and then
 * scrolls to the section, without a full page load.
 */
export function NavLink({ href, onClick, ...props }: { href: string } & Omit<ComponentProps<"a">, "href">) {
  const [location, navigate] = useLocation();
  const hashIndex = href.indexOf("#");
  if (hashIndex < 0) return <Link href={href} onClick={onClick} {...props} />;
  const pathname = href.slice(0, hashIndex) || "/";
  const id = href.slice(hashIndex + 1);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (location !== pathname) navigate(pathname);
    // wait for the page to render its sections, then scroll. The wait is long: on a slow phone
    // connection the home page's code can take seconds to arrive, and a visitor who tapped
    // Benefits must not be left at the top of the page. It ends early if they go elsewhere.
    const giveUpAt = performance.now() + SECTION_WAIT_MS;
    const scroll = () => {
      if (window.location.pathname !== pathname) return;
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        history.replaceState(history.state, "", `${pathname}#${id}`);
      } else if (performance.now() < giveUpAt) setTimeout(scroll, 50);
    };
    requestAnimationFrame(scroll);
  };
  return <a href={href} onClick={handle} {...props} />;
}
