import { cn } from "@web/lib/cn.ts";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide",
  {
    variants: {
      variant: {
        default: "bg-secondary text-secondary-foreground",
        accent: "bg-accent text-accent-foreground",
        outline: "border border-border text-foreground",
      },
      /**
       * A status's tint: dark text on a pale tint in light mode, pale text on a deep tint in
       * dark mode, both well above 4.5:1 for the 12 px text, with a thin inner ring so a tint
       * still reads as a badge on a tinted row. One palette, so "waiting" is the same amber
       * on a ticket, a policy, a renewal and a transfer.
       */
      tone: {
        none: "",
        /** open, new, due */
        info: "bg-sky-100 text-sky-900 ring-1 ring-sky-700/20 ring-inset dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-300/30",
        /** in progress, pending, waiting for someone */
        waiting:
          "bg-amber-100 text-amber-950 ring-1 ring-amber-700/25 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-300/30",
        /** active, resolved, done */
        done: "bg-emerald-100 text-emerald-900 ring-1 ring-emerald-700/20 ring-inset dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-300/30",
        /** closed, expired: over, nothing wrong */
        over: "bg-zinc-100 text-zinc-800 ring-1 ring-zinc-600/20 ring-inset dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-300/25",
        /** cancelled, failed, missed, urgent */
        alarm:
          "bg-red-100 text-red-900 ring-1 ring-red-700/25 ring-inset dark:bg-red-950 dark:text-red-100 dark:ring-red-300/30",
        /** a ticket's priorities below urgent (urgent is alarm) */
        low: "bg-slate-100 text-slate-800 ring-1 ring-slate-600/20 ring-inset dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-300/25",
        medium:
          "bg-indigo-50 text-indigo-900 ring-1 ring-indigo-700/20 ring-inset dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-300/30",
        high: "bg-orange-100 text-orange-950 ring-1 ring-orange-700/25 ring-inset dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-300/30",
      },
    },
    defaultVariants: { variant: "default", tone: "none" },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({
  className,
  variant,
  tone,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, tone }), className)} {...props} />;
}
