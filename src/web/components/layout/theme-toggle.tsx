import { Tooltip } from "@web/components/ui/tooltip.tsx";
import { useTheme } from "@web/lib/theme.ts";
import { Moon, Sun } from "lucide-react";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <Tooltip content={label} align="end">
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        data-testid="theme-toggle"
        className="inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {theme === "dark" ? (
          <Sun aria-hidden="true" className="size-5" />
        ) : (
          <Moon aria-hidden="true" className="size-5" />
        )}
      </button>
    </Tooltip>
  );
}
