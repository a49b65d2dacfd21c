import { cn } from "@web/lib/cn.ts";
import { Tabs as T } from "radix-ui";
import type { ComponentProps } from "react";

export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn(
        "inline-flex h-11 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

/**
 * With `href`, the tab is a link to a page showing it until the scripts run, so a tap on
 * it in the first seconds is not lost; once they run it switches in place.
 */
export function TabsTrigger({
  className,
  href,
  children,
  ...props
}: ComponentProps<typeof T.Trigger> & { href?: string }) {
  const classes = cn(
    "inline-flex h-9 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-semibold transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0",
    className,
  );
  if (href === undefined) {
    return (
      <T.Trigger className={classes} {...props}>
        {children}
      </T.Trigger>
    );
  }
  return (
    <T.Trigger asChild className={classes} {...props}>
      {/* the tab switches on press (Radix); the link's own navigation is only for before then */}
      <a href={href} onClick={(event) => event.preventDefault()}>
        {children}
      </a>
    </T.Trigger>
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn("mt-4 outline-none", className)} {...props} />;
}
