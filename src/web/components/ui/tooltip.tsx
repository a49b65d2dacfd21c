import { cn } from "@web/lib/cn.ts";
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";

/**
 * Tooltips with Radix's timing: open after 700 ms of hovering; once one has just
 * closed, the next opens at once for 300 ms. Focus from the keyboard shows it immediately,
 * Escape hides it. A few lines of our own rather than Radix Tooltip, which would bring a
 * positioning engine into every page's JavaScript for two icon buttons.
 */
export const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

/** kept for API compatibility with the shadcn/ui layout; timing lives in this module */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

type TriggerProps = {
  "aria-describedby"?: string;
  onPointerEnter?: (e: PointerEvent) => void;
  onPointerLeave?: (e: PointerEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  onBlur?: (e: FocusEvent) => void;
};

export function Tooltip({
  content,
  children,
  align = "center",
}: {
  content: string;
  children: ReactElement<TriggerProps>;
  align?: "center" | "end";
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  const props = children.props;
  const trigger = cloneElement(children, {
    "aria-describedby": open ? id : props["aria-describedby"],
    onPointerEnter: (e: PointerEvent) => {
      props.onPointerEnter?.(e);
      if (e.pointerType === "mouse")
        show(Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS);
    },
    onPointerLeave: (e: PointerEvent) => {
      props.onPointerLeave?.(e);
      hide();
    },
    onFocus: (e: FocusEvent) => {
      props.onFocus?.(e);
      if ((e.target as HTMLElement).matches?.(":focus-visible")) show(0);
    },
    onBlur: (e: FocusEvent) => {
      props.onBlur?.(e);
      hide();
    },
  });

  return (
    <span className="relative inline-flex">
      {trigger}
      {open ? (
        <span
          role="tooltip"
          id={id}
          className={cn(
            "pointer-events-none absolute top-full z-50 mt-2 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-background shadow-md",
            align === "center" ? "left-1/2 -translate-x-1/2" : "right-0",
          )}
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
