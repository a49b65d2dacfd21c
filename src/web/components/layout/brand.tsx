import { cn } from "@web/lib/cn.ts";
import { ShieldCheck } from "lucide-react";
import { Link } from "wouter";

/**
 * The home link. Its name is the wordmark people see (a name that differed from the visible
 * text would not answer voice control users saying what they see). `compact` hides the
 * wordmark from sight between 768 and 1024 px, where the full header would not fit, and
 * keeps it as the link's name there.
 */
export function Brand({
  className,
  tone = "default",
  compact = false,
}: {
  className?: string;
  tone?: "default" | "onDark";
  compact?: boolean;
}) {
  return (
    <Link href="/" className={cn("flex items-center gap-2.5", className)}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <ShieldCheck aria-hidden="true" className="size-5" />
      </span>
      <span className={cn("flex flex-col leading-none", compact && "md:sr-only lg:not-sr-only")}>
        <span
          className={cn(
            "font-display text-lg font-bold tracking-tight",
            tone === "onDark" ? "text-white" : "text-foreground",
          )}
        >
          HomeInterior
          <span className={tone === "onDark" ? "text-accent" : "text-amber-700 dark:text-accent"}>
            Warranty
          </span>
        </span>
        <span
          className={cn(
            "mt-1 text-[0.62rem] font-semibold tracking-[0.16em] uppercase",
            tone === "onDark" ? "text-white/70" : "text-muted-foreground",
          )}
        >
          Project Warranty Solutions
        </span>
      </span>
    </Link>
  );
}
