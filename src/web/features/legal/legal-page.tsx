import { PageHero } from "@web/components/layout/page-hero.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { PageMeta } from "@web/lib/head.tsx";
import type { ReactNode } from "react";

/**
 * The frame of a terms page: its title and description for the browser and search engines,
 * a hero, readable sections, and who to call with a question.
 */
export function LegalPage({
  eyebrow,
  title,
  description,
  path,
  lead,
  updated,
  children,
}: {
  eyebrow: string;
  title: string;
  /** the page's summary for search results */
  description: string;
  path: string;
  lead: string;
  /** when the terms last changed, as shown to the reader */
  updated: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageMeta title={title} description={description} path={path} />
      <PageHero eyebrow={eyebrow} title={title} lead={lead} />
      <Container className="py-12 md:py-16">
        <div className="mx-auto grid max-w-3xl gap-10">
          <p className="text-sm text-muted-foreground">Last updated {updated}</p>
          {children}
          <LegalSection title="Questions">
            <p>
              Call{" "}
              {COMPANY.phones.map((p, i) => (
                <span key={p}>
                  {i > 0 ? " or " : null}
                  <a href={telHref(p)} className="font-semibold text-primary hover:underline">
                    {p}
                  </a>
                </span>
              ))}{" "}
              (Mon-Fri 9-6, Sat 9-4), or write to{" "}
              <a href={`mailto:${COMPANY.emails[0]}`} className="font-semibold text-primary hover:underline">
                {COMPANY.emails[0]}
              </a>
              .
            </p>
          </LegalSection>
        </div>
      </Container>
    </>
  );
}

export function LegalSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-24">
      <h2 id={id ? `${id}-title` : undefined} className="font-display text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 grid gap-3 leading-relaxed text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground">
        {children}
      </div>
    </section>
  );
}
