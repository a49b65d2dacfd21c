import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names, and lets a later Tailwind utility replace an earlier one of the same
 * kind ("p-0" after "px-4 py-2", "max-w-3xl" after "max-w-6xl"), exactly as tailwind-merge
 * does. tailwind-merge itself costs 8 KB gzipped on every page and would take the landing
 * page over its 120 KB budget, so this resolver carries only the utility families the site
 * uses, in tailwind-merge's own groups. cn.test.ts holds it to that: every class string in
 * src/web, alone and merged with the others it can meet, must come out as tailwind-merge
 * makes it. A utility it does not know is kept and replaces nothing; when that test fails
 * for a new utility, add its family here as tailwind-merge groups it.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(" ").filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  // from the last class back, as tailwind-merge does: a class is dropped when a later one
  // with the same variants already took its group
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i];
    const known = classify(cls);
    if (known) {
      const [variants, group] = known;
      if (taken.has(variants + group)) continue;
      taken.add(variants + group);
      for (const other of CONFLICTS[group] ?? []) taken.add(variants + other);
    }
    kept.push(cls);
  }
  return kept.reverse().join(" ");
}

/** a site uses a few hundred distinct classes: each is worked out once */
const classified = new Map<string, [variants: string, group: string] | null>();

function classify(cls: string): [variants: string, group: string] | null {
  let known = classified.get(cls);
  if (known === undefined) {
    const parsed = parse(cls);
    const group = parsed && groupOf(parsed.base);
    known = parsed && group ? [parsed.variants, group] : null;
    classified.set(cls, known);
  }
  return known;
}

/** variants that apply in the order written (pseudo-elements, child selectors) */
const ORDERED =
  /^(\*|\*\*|after|backdrop|before|details-content|file|first-letter|first-line|marker|placeholder|selection|\[.*)$/;

/** "md:hover:bg-primary!" -> variants "hover:md:!" (order-independent ones sorted), base "bg-primary" */
function parse(cls: string): { variants: string; base: string } | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) {
      parts.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let base = cls.slice(start);
  let important = "";
  if (base.endsWith("!")) {
    base = base.slice(0, -1);
    important = "!";
  } else if (base.startsWith("!")) {
    base = base.slice(1);
    important = "!";
  }
  if (!base) return null;
  const sorted: string[] = [];
  let run: string[] = [];
  for (const part of parts) {
    if (ORDERED.test(part)) {
      sorted.push(...run.sort(), part);
      run = [];
    } else run.push(part);
  }
  sorted.push(...run.sort());
  return { variants: `${sorted.join(":")}${important}|`, base: base.replace(/^-/, "") };
}

/** "t", "x-0", "b-primary": a border side with its width or colour */
const BORDER_SIDE = /^(x|y|s|e|t|r|b|l)(-(.+))?$/;
const COLOR = /^(inherit|current|transparent|black|white|[a-z]+(-[a-z]+)*(-\d{2,3})?)(\/[\d.]+)?$/;
const ARBITRARY_LENGTH = /^\[(\d|\.|-|calc\(|min\(|max\(|clamp\(|var\(--)/;
const isColor = (value: string) =>
  COLOR.test(value) || /^\[(#|rgb|hsl|oklch|color:)/.test(value) || /^\[var\(--color/.test(value);

/** tailwind-merge's group of a utility, or undefined for one the site does not use */
function groupOf(u: string): string | undefined {
  const exact = EXACT[u];
  if (exact) return exact;
  const dash = u.indexOf("-");
  const head = dash < 0 ? u : u.slice(0, dash);
  const rest = dash < 0 ? "" : u.slice(dash + 1);
  switch (head) {
    case "text":
      if (/^(xs|sm|base|lg|\d?xl)$/.test(rest) || ARBITRARY_LENGTH.test(rest)) return "font-size";
      if (/^(left|center|right|justify|start|end)$/.test(rest)) return "text-alignment";
      if (/^(wrap|nowrap|balance|pretty)$/.test(rest)) return "text-wrap";
      if (/^(ellipsis|clip)$/.test(rest)) return "text-overflow";
      return isColor(rest) ? "text-color" : undefined;
    case "font":
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d+\])$/.test(rest)
        ? "font-weight"
        : "font-family";
    case "border": {
      if (/^(collapse|separate)$/.test(rest)) return "border-collapse";
      // border-spacing-0, border-spacing-x-2: the gaps between a separated table's cells
      const spacing = /^spacing(-[xy])?-/.exec(rest);
      if (spacing) return `border-spacing${spacing[1] ?? ""}`;
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return "border-style";
      if (/^\d+$/.test(rest)) return "border-w";
      const side = BORDER_SIDE.exec(rest);
      if (side) {
        if (!side[3] || /^\d+$/.test(side[3])) return `border-w-${side[1]}`;
        return isColor(side[3]) ? `border-color-${side[1]}` : undefined;
      }
      return isColor(rest) ? "border-color" : undefined;
    }
    case "ring":
      if (/^\d+$/.test(rest)) return "ring-w";
      if (rest === "inset") return "ring-w-inset";
      if (rest.startsWith("offset-"))
        return /^offset-\d+$/.test(rest) ? "ring-offset-w" : "ring-offset-color";
      return isColor(rest) ? "ring-color" : undefined;
    case "outline":
      if (/^(solid|dashed|dotted|double|none|hidden)$/.test(rest)) return "outline-style";
      if (/^\d+$/.test(rest)) return "outline-w";
      if (rest.startsWith("offset-")) return "outline-offset";
      return isColor(rest) ? "outline-color" : undefined;
    case "shadow":
      // an arbitrary value that starts with offsets ("[0_-4px_16px_rgb(...)]") is a shadow, not a colour
      return /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(rest) ||
        /^\[(inset_)?-?(\d*\.?\d+[a-z]+|0)_/.test(rest)
        ? "shadow"
        : "shadow-color";
    case "divide":
      if (/^[xy](-\d+)?$/.test(rest)) return `divide-${rest[0]}`;
      if (/^(solid|dashed|dotted|double|none)$/.test(rest)) return "divide-style";
      return isColor(rest) ? "divide-color" : undefined;
    case "list":
      if (/^(inside|outside)$/.test(rest)) return "list-style-position";
      return /^(disc|decimal|none|\[.+\])$/.test(rest) ? "list-style-type" : undefined;
    case "scroll": {
      // scroll-mt-24, scroll-px-4: scroll margins and paddings, one group per side as for m and p
      const side = /^([pm][xyserbtl]?)-/.exec(rest);
      if (side) return `scroll-${side[1]}`;
      return /^(auto|smooth)$/.test(rest) ? "scroll-behavior" : undefined;
    }
    case "place":
      return /^(content|items|self)-/.test(rest) ? `place-${rest.split("-")[0]}` : undefined;
    case "bg":
      if (/^\[size:/.test(rest) || /^(auto|cover|contain)$/.test(rest)) return "bg-size";
      if (/^(\[(url\(|linear-|radial-|conic-|image:)|(linear|radial|conic)-|none$)/.test(rest))
        return "bg-image";
      return isColor(rest) ? "bg-color" : undefined;
    case "flex":
      if (/^(row|col)(-reverse)?$/.test(rest)) return "flex-direction";
      if (/^(wrap|wrap-reverse|nowrap)$/.test(rest)) return "flex-wrap";
      return "flex";
    case "content":
      return rest.startsWith("[") ? "content" : "align-content";
    case "justify":
      if (rest.startsWith("self-")) return "justify-self";
      if (rest.startsWith("items-")) return "justify-items";
      return "justify-content";
    case "overflow":
      return /^[xy]-/.test(rest) ? `overflow-${rest[0]}` : "overflow";
    case "overscroll":
      return /^[xy]-/.test(rest) ? `overscroll-${rest[0]}` : "overscroll";
    case "inset":
      return /^[xy]-/.test(rest) ? `inset-${rest[0]}` : "inset";
    case "gap":
      return /^[xy]-/.test(rest) ? `gap-${rest[0]}` : "gap";
    case "space":
      return `space-${rest[0]}`;
    case "translate":
      return `translate-${rest[0]}`;
    case "rounded": {
      const corner = /^(ss|se|ee|es|tl|tr|br|bl|s|e|t|r|b|l)(-|$)/.exec(rest);
      return corner ? `rounded-${corner[1]}` : "rounded";
    }
    case "col":
      return rest.startsWith("span-") ? "col-start-end" : `col-${rest.split("-")[0]}`;
    case "object":
      return /^(contain|cover|fill|none|scale-down)$/.test(rest) ? "object-fit" : "object-position";
    case "line":
      return rest.startsWith("clamp-") ? "line-clamp" : undefined;
    case "underline":
      return rest.startsWith("offset-") ? "underline-offset" : undefined;
    case "decoration":
      if (/^(solid|double|dotted|dashed|wavy)$/.test(rest)) return "text-decoration-style";
      if (/^(\d+|auto|from-font)$/.test(rest)) return "text-decoration-thickness";
      return isColor(rest) ? "text-decoration-color" : undefined;
    case "order":
      // order-first, order-2: not a name that merely starts with "order-"
      return /^(first|last|none|\d+|\[.+\]|\(.+\))$/.test(rest) ? "order" : undefined;
    case "min":
    case "max":
      return /^[wh]-/.test(rest) ? `${head}-${rest[0]}` : undefined;
    case "grid":
      return /^(cols|rows)-/.test(rest) ? `grid-${rest.slice(0, 4)}` : undefined;
    case "pointer":
      return "pointer-events";
    case "wrap":
      return /^(break-word|anywhere|normal)$/.test(rest) ? "overflow-wrap" : undefined;
    case "backdrop":
      return rest.startsWith("blur") ? "backdrop-blur" : undefined;
    case "align":
      return "vertical-align";
    case "items":
      return "align-items";
    case "self":
      return "align-self";
    case "whitespace":
    case "break":
    case "tracking":
    case "leading":
    case "fill":
    case "stroke":
    case "accent":
    case "animate":
    case "transition":
    case "duration":
    case "ease":
    case "delay":
    case "opacity":
    case "cursor":
    case "select":
    case "aspect":
    case "z":
    case "rotate":
    case "scale":
    case "caption":
    case "columns":
    case "w":
    case "h":
    case "size":
    case "top":
    case "bottom":
    case "left":
    case "right":
    case "start":
    case "end":
    case "shrink":
    case "grow":
    case "basis":
      return head;
  }
  // padding and margin: p, px, pt, m, my, ...
  const spacing = /^([pm])(x|y|s|e|t|r|b|l)?$/.exec(head);
  return spacing && rest ? head : undefined;
}

/** utilities that are a whole word */
const EXACT: Record<string, string> = {
  ...Object.fromEntries(
    "block inline-block inline flex inline-flex grid inline-grid hidden contents flow-root list-item table table-cell table-row"
      .split(" ")
      .map((d) => [d, "display"]),
  ),
  ...Object.fromEntries("static fixed absolute relative sticky".split(" ").map((p) => [p, "position"])),
  "sr-only": "sr",
  "not-sr-only": "sr",
  truncate: "text-overflow",
  uppercase: "text-transform",
  lowercase: "text-transform",
  capitalize: "text-transform",
  "normal-case": "text-transform",
  underline: "text-decoration",
  overline: "text-decoration",
  "line-through": "text-decoration",
  "no-underline": "text-decoration",
  italic: "font-style",
  "not-italic": "font-style",
  "tabular-nums": "fvn-spacing",
  "proportional-nums": "fvn-spacing",
  "normal-nums": "fvn-normal",
  border: "border-w",
  ring: "ring-w",
  outline: "outline-w",
  shadow: "shadow",
  rounded: "rounded",
  transition: "transition",
  "backdrop-blur": "backdrop-blur",
  grow: "grow",
  shrink: "shrink",
};

/** a later utility of the key's group also replaces earlier ones of these groups */
const CONFLICTS: Record<string, string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  "border-spacing": ["border-spacing-x", "border-spacing-y"],
  flex: ["basis", "grow", "shrink"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  "fvn-spacing": ["fvn-normal"],
  "fvn-normal": ["fvn-spacing"],
  rounded: ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].map(
    (c) => `rounded-${c}`,
  ),
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  ...sided("border-w"),
  ...sided("border-color"),
};

/** "border-w" replaces every side; "border-w-x" the left and right ones */
function sided(group: string): Record<string, string[]> {
  return {
    [group]: ["x", "y", "s", "e", "t", "r", "b", "l"].map((s) => `${group}-${s}`),
    [`${group}-x`]: [`${group}-r`, `${group}-l`],
    [`${group}-y`]: [`${group}-t`, `${group}-b`],
  };
}
