import { cn } from "@web/lib/cn.ts";

/**
 * The one place stored HTML (blog posts, city and locality pages) reaches the page. The
 * server sanitizes it when it is written (src/server/lib/sanitize-html.ts), so it carries
 * no script, handler or frame by the time it gets here.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cn("rich-text", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
