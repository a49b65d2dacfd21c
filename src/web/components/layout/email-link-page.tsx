import { Card } from "@web/components/ui/card.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Container } from "./section.tsx";

/**
 * A page opened from a link in one of our e-mails (a password reset, an unsubscribe, a
 * visit's time): one card in the middle of the screen under a heading with its icon, kept
 * out of search results. `minHeight` is the room the card is centred in.
 */
export function EmailLinkPage({
  title,
  description,
  path,
  icon: Icon,
  minHeight = "min-h-[50vh]",
  children,
}: {
  /** the page's title and the card's heading */
  title: string;
  description: string;
  path: string;
  icon: LucideIcon;
  minHeight?: string;
  children: ReactNode;
}) {
  return (
    <Container className={`grid ${minHeight} place-items-center py-12`}>
      <PageMeta title={title} description={description} path={path} noindex />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          {/* one text node after the icon, as a heading written out by hand would have */}
          <Icon aria-hidden="true" className="size-6 text-primary" />
          {` ${title}`}
        </h1>
        {children}
      </Card>
    </Container>
  );
}
