import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu.tsx";
import { ChevronDown } from "lucide-react";
import { useLocation } from "wouter";
import { POLICY_LINKS } from "../nav-links.ts";

/** The Radix menu behind the header's Policies button, loaded on first use. */
export function PoliciesDropdown({ triggerClassName }: { triggerClassName: string }) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger className={triggerClassName}>
        Policies <ChevronDown aria-hidden="true" className="size-4 opacity-60" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        {POLICY_LINKS.map((l) => (
          <DropdownMenuItem
            key={l.href}
            onSelect={() => navigate(l.href)}
            className="flex-col items-start gap-0.5"
          >
            <span className="font-semibold">{l.label}</span>
            <span className="text-xs text-muted-foreground">{l.description}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
