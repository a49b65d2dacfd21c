import sanitize from "sanitize-html";

/**
 * Rich text (blog posts, city and locality pages) is cleaned when it is written, so no
 * script, event handler or foreign frame can ever be stored and later served.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "a",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    // external links open safely; internal ones stay as they are
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs,
      };
    },
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/** Plain text for excerpts and meta descriptions. */
export function stripHtml(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
