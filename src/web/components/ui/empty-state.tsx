import { cn } from "@web/lib/cn.ts";
import type { ReactNode } from "react";

/**
 * A friendly "nothing here" that always says what to do next. Framed, it stands on its own
 * on a page (the portal's empty lists); plain, it sits inside a card or a table's place
 * (the staff screens).
 */
export function EmptyState({
  icon,
  title,
  children,
  actions,
  headingLevel,
  framed = false,
  className,
}: {
  /** an icon element, aria-hidden */
  icon?: ReactNode;
  title: string;
  /** what happened or what to do next, in a sentence or two */
  children?: ReactNode;
  actions?: ReactNode;
  /** the title as a heading of the page's outline; a plain paragraph without one */
  headingLevel?: "h2" | "h3";
  framed?: boolean;
  className?: string;
}) {
  const Title = headingLevel ?? "p";
  return (
    <div
      className={cn(
        "flex flex-col items-center px-6 py-12 text-center",
        framed && "rounded-xl border border-dashed bg-card",
        className,
      )}
    >
      {icon ? (
        <span
          className={cn(
            "flex items-center justify-center rounded-full bg-secondary text-primary",
            framed ? "size-14 [&_svg]:size-7" : "mb-3 size-12 [&_svg]:size-6",
          )}
        >
          {icon}
        </span>
      ) : null}
      <Title className={cn("font-semibold", framed && "mt-4 text-lg")}>{title}</Title>
      {children ? (
        <p className={cn("max-w-md text-sm text-muted-foreground", framed ? "mt-2" : "mt-1")}>{children}</p>
      ) : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
