import type { SocialLink } from "@shared/schemas/content.ts";
import { Tooltip } from "@web/components/ui/tooltip.tsx";
import { cn } from "@web/lib/cn.ts";
import { useSocialLinks } from "@web/lib/content.ts";

/** lucide dropped brand marks, so the four the site can link are drawn here (simple-icons shapes). */
const PATHS: Record<SocialLink["name"], string> = {
  Facebook:
    "M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07",
  X: "M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.63 7.58H.49l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93Zm-1.29 19.5h2.04L6.48 3.24H4.3l13.31 17.41Z",
  // drawn from its outline, camera lens and flash rather than the traced mark: a tenth of the bytes
  Instagram:
    "M7 0h10a7 7 0 0 1 7 7v10a7 7 0 0 1-7 7H7a7 7 0 0 1-7-7V7a7 7 0 0 1 7-7ZM7 2.2A4.8 4.8 0 0 0 2.2 7v10A4.8 4.8 0 0 0 7 21.8h10a4.8 4.8 0 0 0 4.8-4.8V7A4.8 4.8 0 0 0 17 2.2ZM12 6a6 6 0 1 1 0 12a6 6 0 1 1 0-12Zm0 2.1a3.9 3.9 0 1 0 0 7.8a3.9 3.9 0 1 0 0-7.8ZM18.4 4.2a1.4 1.4 0 1 1 0 2.8a1.4 1.4 0 1 1 0-2.8Z",
  LinkedIn:
    "M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z",
};

/** The business's own social pages as configured; nothing at all when none are. */
export function SocialLinks({ className, itemClassName }: { className?: string; itemClassName?: string }) {
  const links = useSocialLinks();
  if (links.length === 0) return null;
  return (
    <ul className={cn("flex gap-2", className)}>
      {links.map((s) => (
        <li key={s.name}>
          <Tooltip content={s.name}>
            <a
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                "flex size-10 items-center justify-center rounded-full border transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-ring",
                itemClassName,
              )}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
                <path d={PATHS[s.name]} />
              </svg>
              <span className="sr-only">{s.name} (opens in a new tab)</span>
            </a>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
