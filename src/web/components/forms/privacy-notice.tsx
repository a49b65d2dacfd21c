import { paths } from "@shared/paths.ts";
import { cn } from "@web/lib/cn.ts";

/**
 * The short notice shown where a form asks for personal details: what the details are
 * used for, and where the full privacy notice is. A plain link so it works before the
 * page's scripts have loaded.
 */
export function PrivacyNotice({ purpose, className }: { purpose: string; className?: string }) {
  return (
    <p className={cn("text-xs leading-relaxed text-muted-foreground", className)}>
      We use these details {purpose}, and keep them as our{" "}
      <a href={paths.privacy} className="font-semibold text-primary underline-offset-4 hover:underline">
        Privacy Notice
      </a>{" "}
      explains, with your rights to see, correct and erase them.
    </p>
  );
}
