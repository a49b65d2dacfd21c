import { cn } from "@web/lib/cn.ts";
import type { ComponentProps, ReactNode } from "react";

/**
 * The page's column. `wide` is the staff console's: its tables of tickets and policies need the
 * room on a laptop's screen that a reading column leaves empty at the sides.
 */
export function Container({ className, wide = false, ...props }: ComponentProps<"div"> & { wide?: boolean }) {
  return (
    <div
      className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", wide && "max-w-7xl lg:px-6", className)}
      {...props}
    />
  );
}

export function Section({ className, children, ...props }: ComponentProps<"section">) {
  return (
    <section className={cn("py-16 md:py-24", className)} {...props}>
      <Container>{children}</Container>
    </section>
  );
}

/** Eyebrow, heading and lead paragraph that open every section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = "center",
  as: Heading = "h2",
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  align?: "center" | "left";
  as?: "h1" | "h2";
}) {
  return (
    <div className={cn("mb-10 max-w-3xl md:mb-14", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p className="mb-3 text-xs font-bold tracking-[0.18em] text-primary uppercase">{eyebrow}</p>
      ) : null}
      <Heading
        id={id}
        className="font-display text-3xl leading-tight font-bold tracking-tight text-balance md:text-4xl"
      >
        {title}
      </Heading>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-muted-foreground text-pretty">{lead}</p> : null}
    </div>
  );
}
