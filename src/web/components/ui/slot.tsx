import { cn } from "@web/lib/cn.ts";
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * `asChild` support: renders the single child element with the parent's props merged in
 * (classes joined, child handlers kept). A reduced Radix Slot, enough for links styled
 * as buttons, without its ref-composition code on every page.
 */
export function Slot({
  children,
  className,
  ...props
}: { children?: ReactNode; className?: string } & Record<string, unknown>) {
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  const element = child as ReactElement<Record<string, unknown> & { className?: string }>;
  return cloneElement(element, {
    ...props,
    ...element.props,
    className: cn(className, element.props.className),
  });
}
