import { Button } from "@web/components/ui/button.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import { ArrowLeft, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Container } from "./section.tsx";

/** A friendly dead end: the server answers these with HTTP 404 (PageMeta status). */
export function NotFoundState({
  title,
  message,
  path,
  backHref = "/",
  backLabel = "Back to Home",
  children,
}: {
  title: string;
  message: string;
  path: string;
  backHref?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <PageMeta title={title} description={message} path={path} noindex status={404} />
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-primary">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 font-display text-3xl font-bold md:text-4xl">{title}</h1>
      <p className="mt-4 max-w-lg text-lg text-muted-foreground">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link href={backHref}>
            <ArrowLeft aria-hidden="true" /> {backLabel}
          </Link>
        </Button>
        {children}
      </div>
    </Container>
  );
}
