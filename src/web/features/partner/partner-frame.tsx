import { Container } from "@web/components/layout/section.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import type { ReactNode } from "react";
import { usePartnerOverview } from "./api.ts";

/**
 * The frame of a partner's pages: their organisation's name over the page's title, on a
 * band tinted with the partner's brand colour. The colour only tints (a stripe and a faint
 * wash); text keeps the theme's colours, so any brand colour stays readable in light and dark.
 */
export function PartnerFrame({
  title,
  description,
  path,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  path: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const overview = usePartnerOverview();
  const partner = overview.data?.partner;
  const colour = partner?.brandColour ?? "var(--primary)";
  return (
    <div className="min-h-[70vh] bg-muted/30 pb-16">
      <PageMeta
        title={title}
        description="Partner dashboard of Home Interior Project Warranty Solutions."
        path={path}
        noindex
      />
      <div
        className="border-t-4 border-b bg-card"
        style={{
          borderTopColor: colour,
          backgroundImage: `linear-gradient(to right, color-mix(in srgb, ${colour} 12%, transparent), transparent 70%)`,
        }}
        data-testid="partner-band"
      >
        <Container className="flex flex-wrap items-end justify-between gap-4 py-5 md:py-7">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
              <span
                aria-hidden="true"
                className="inline-block size-3 shrink-0 rounded-full ring-1 ring-foreground/20"
                style={{ backgroundColor: colour }}
              />
              {partner ? partner.name : <Skeleton className="h-4 w-40" />}
            </p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance md:text-3xl">{title}</h1>
            {description ? <p className="mt-1 max-w-2xl text-muted-foreground">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </Container>
      </div>
      <Container className="pt-6 md:pt-8">{children}</Container>
    </div>
  );
}
