import { cn } from "@web/lib/cn.ts";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A friendly "nothing here yet" that always says what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  actions,
  className,
  headingLevel: Heading = "h3",
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center",
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
