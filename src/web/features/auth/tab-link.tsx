import type { ReactNode } from "react";

/**
 * A link to another view of the sign-in page (?tab=register): with scripts, it switches the
 * view in place; before they load, or without them, it is a plain link to the same view.
 */
export function TabLink({
  href,
  onSwitch,
  children,
}: {
  href: string;
  onSwitch: () => void;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onSwitch();
      }}
      className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
    >
      {children}
    </a>
  );
}
