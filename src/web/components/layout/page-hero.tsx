import { Container } from "@web/components/layout/section.tsx";
import type { ReactNode } from "react";

/** The dark teal band that opens every inner page. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-hero text-hero-foreground">
      <HeroBackdrop />
      <Container
        className={
          aside
            ? "relative grid gap-10 py-16 md:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center"
            : "relative py-16 md:py-20"
        }
      >
        <div className="max-w-3xl">
          {eyebrow ? (
            <div className="mb-4 text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</div>
          ) : null}
          <h1 className="font-display text-4xl leading-[1.1] font-bold tracking-tight text-balance md:text-5xl">
            {title}
          </h1>
          {lead ? (
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-white/85 text-pretty">{lead}</p>
          ) : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {aside}
      </Container>
    </section>
  );
}

/**
 * Soft light and a fine grid behind the hero text; decoration only. It clips itself, so a
 * hero need not clip its content (the home page's city list hangs below it).
 */
export function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute -top-40 -right-32 size-[520px] rounded-full bg-[radial-gradient(circle,oklch(0.8_0.15_75/0.22),transparent_65%)]" />
      <div className="absolute -bottom-48 -left-40 size-[560px] rounded-full bg-[radial-gradient(circle,oklch(0.7_0.1_185/0.3),transparent_65%)]" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:48px_48px]" />
    </div>
  );
}
