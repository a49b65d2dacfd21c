import { Container } from "@web/components/layout/section.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import { Loader2 } from "lucide-react";

/**
 * Stand-in until the portal and admin pages land (issue 4 and the admin issue own them).
 * Each route file below re-exports this, so the route table and chunks already work.
 */
export function PortalPlaceholder({ title, path }: { title: string; path: string }) {
  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center py-20 text-center">
      <PageMeta title={title} description={title} path={path} noindex />
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      <h1 className="mt-4 font-display text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">This part of the site is being built.</p>
    </Container>
  );
}
