import { createContext, useContext, useEffect } from "react";

export const SITE_NAME = "Home Interior Project Warranty Solutions";

/** What a page tells search engines and link previews about itself. */
export interface PageHead {
  /** page title without the site name; omitted on the home page, which keeps the plain site name */
  title?: string;
  description: string;
  /** path of the canonical address, e.g. /city/chennai */
  path: string;
  type?: "website" | "article";
  /** path or absolute URL of the preview image */
  image?: string;
  /** structured data; only the server renders it, so pages pass it under import.meta.env.SSR */
  jsonLd?: object[];
  noindex?: boolean;
  /** HTTP status the server answers with (404 for the not-found pages) */
  status?: number;
}

export const fullTitle = (head: Pick<PageHead, "title">) =>
  head.title ? `${head.title} | ${SITE_NAME}` : SITE_NAME;

/** Filled while the server renders, then turned into <head> tags and the HTTP status. */
export interface HeadCollector {
  head?: PageHead;
}

export const HeadContext = createContext<HeadCollector | null>(null);

/**
 * Declares the page's head. On the server the renderer collects it (the last one rendered
 * wins, so a not-found state inside a page overrides the page's own); in the browser,
 * client-side navigation updates the title, description and canonical link.
 */
export function PageMeta(props: PageHead) {
  const collector = useContext(HeadContext);
  if (collector) collector.head = props;
  const { title, description, path, noindex } = props;
  useEffect(() => {
    document.title = fullTitle({ title });
    setMeta('meta[name="description"]', "content", description);
    setMeta('meta[property="og:title"]', "content", fullTitle({ title }));
    setMeta('meta[property="og:description"]', "content", description);
    setMeta('link[rel="canonical"]', "href", new URL(path, location.origin).href);
    setMeta('meta[property="og:url"]', "content", new URL(path, location.origin).href);
    setMeta('meta[name="robots"]', "content", noindex ? "noindex" : "index, follow");
  }, [title, description, path, noindex]);
  return null;
}

function setMeta(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}
