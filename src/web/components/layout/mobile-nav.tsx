import type { PublicUser } from "@shared/schemas/auth.ts";
import { Button } from "@web/components/ui/button.tsx";
import { useOnDemand } from "@web/lib/on-demand.ts";
import { Menu } from "lucide-react";
import { useRef, useState } from "react";

/** Below 768 px the header folds into a menu; its panel's code loads on the first press. */
export function MobileNav({ user }: { user: PublicUser | null }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { loaded, prefetch, activate } = useOnDemand(() => import("./popups/mobile-nav-sheet.tsx"));
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onClick={() => {
          activate();
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {loaded ? (
        <loaded.MobileNavSheet
          user={user}
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={() => button.current?.focus()}
        />
      ) : null}
    </>
  );
}
