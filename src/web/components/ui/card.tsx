import { cn } from "@web/lib/cn.ts";
import type { ComponentProps } from "react";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "rounded-xl border bg-card text-card-foreground shadow-sm shadow-black/[0.03]",
        className,
      )}
      {...props}
    />
  );
}
