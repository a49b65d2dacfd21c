import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names, and lets a later Tailwind utility replace an earlier one of the same
 * kind ("p-0" after "px-4 py-2", "max-w-3xl" after "max-w-6xl"), as tailwind-merge does.
 * This small resolver knows the utility families this site uses; tailwind-merge itself
 * would cost 13 KB gzipped on every page, a tenth of the landing page's budget.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(" ").filter(Boolean);
  const kept: { cls: string; key: string }[] = [];
  for (const cls of classes) {
    const key = conflictKey(cls);
    if (key) {
      const [variants, group] = splitKey(key);
      const replaces = new Set([group, ...(REFINEMENTS[group] ?? [])]);
      for (let i = kept.length - 1; i >= 0; i--) {
        const [v, g] = splitKey(kept[i].key);
        if (v === variants && replaces.has(g)) kept.splice(i, 1);
      }
    }
    kept.push({ cls, key });
  }
  return kept.map((k) => k.cls).join(" ");
}

/** a shorthand also replaces its longhands */
const REFINEMENTS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pb", "pl", "pr", "ps", "pe"],
  px: ["pl", "pr", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mb", "ml", "mr", "ms", "me"],
  mx: ["ml", "mr", "ms", "me"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  inset: ["inset-x", "inset-y", "top", "bottom", "left", "right"],
  size: ["w", "h"],
  rounded: [
    "rounded-t",
    "rounded-b",
    "rounded-l",
    "rounded-r",
    "rounded-tl",
    "rounded-tr",
    "rounded-bl",
    "rounded-br",
  ],
};

const splitKey = (key: string): [string, string] => {
  const at = key.lastIndexOf("|");
  return [key.slice(0, at), key.slice(at + 1)];
};

const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
const TEXT_SIZE = /^text-(xs|sm|base|lg|[2-9]?xl|\[\d.*(px|rem|em)\])$/;
const TEXT_ALIGN = /^text-(left|center|right|justify|start|end)$/;
const FONT_WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const SHADOW_SIZE = /^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/;
const BORDER_WIDTH = /^border(-[xytrblse])?(-\d+)?$/;
const RING_WIDTH = /^ring(-\d+)?$/;

/** "md:hover:" + "|" + family, or "" for a class that conflicts with nothing we know */
function conflictKey(cls: string): string {
  const important = cls.endsWith("!") ? "!" : "";
  const parts = cls.replace(/!$/, "").split(":");
  const base = parts.pop() ?? "";
  const variants = parts.join(":") + important;
  const group = familyOf(base.replace(/^-/, ""));
  return group ? `${variants}|${group}` : "";
}

function familyOf(u: string): string | null {
  if (DISPLAY.test(u)) return "display";
  if (POSITION.test(u)) return "position";
  if (TEXT_SIZE.test(u)) return "text-size";
  if (TEXT_ALIGN.test(u)) return "text-align";
  if (u.startsWith("text-")) return "text-color";
  if (FONT_WEIGHT.test(u)) return "font-weight";
  if (u.startsWith("font-")) return "font-family";
  if (SHADOW_SIZE.test(u)) return "shadow";
  if (u.startsWith("shadow-")) return "shadow-color";
  if (BORDER_WIDTH.test(u)) return u.replace(/-\d+$/, "");
  if (u.startsWith("border-")) return "border-color";
  if (RING_WIDTH.test(u)) return "ring";
  if (u.startsWith("ring-")) return "ring-color";
  if (/^flex-(row|col)(-reverse)?$/.test(u)) return "flex-direction";
  if (/^(grow|shrink)(-\d+)?$/.test(u)) return u.replace(/-\d+$/, "");
  const m =
    /^(min-w|max-w|min-h|max-h|gap-x|gap-y|inset-x|inset-y|rounded-(?:tl|tr|bl|br|t|b|l|r)|p[xytrblse]?|m[xytrblse]?|w|h|size|gap|inset|top|bottom|left|right|rounded|bg|items|justify|self|content|leading|tracking|opacity|z|overflow|whitespace|order|col-span|grid-cols|cursor|aspect|translate-x|translate-y)(-|$)/.exec(
      u,
    );
  return m ? m[1] : null;
}
