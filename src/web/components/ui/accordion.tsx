import { cn } from "@web/lib/cn.ts";
import { ChevronDown } from "lucide-react";
import { createContext, type ReactNode, useContext, useId, useState } from "react";

/**
 * A single-open accordion that can close again (Radix's type="single" collapsible),
 * following the WAI-ARIA accordion pattern: each header is a button with aria-expanded
 * that controls a labelled region. Written here because the landing page's JavaScript
 * budget has no room for Radix's collection and presence machinery for one list.
 */
interface AccordionState {
  openValue: string | null;
  toggle(value: string): void;
}
const AccordionContext = createContext<AccordionState>({ openValue: null, toggle: () => {} });
const ItemContext = createContext<{ value: string; id: string }>({ value: "", id: "" });

export function Accordion({ children, className }: { children: ReactNode; className?: string }) {
  const [openValue, setOpenValue] = useState<string | null>(null);
  const toggle = (value: string) => setOpenValue((current) => (current === value ? null : value));
  return (
    <AccordionContext.Provider value={{ openValue, toggle }}>
      <div className={className}>{children}</div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({
  value,
  children,
  className,
}: {
  value: string;
  children: ReactNode;
  className?: string;
}) {
  const { openValue } = useContext(AccordionContext);
  const id = useId();
  return (
    <ItemContext.Provider value={{ value, id }}>
      <div
        data-state={openValue === value ? "open" : "closed"}
        className={cn("border-b last:border-b-0", className)}
      >
        {children}
      </div>
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({ children, className }: { children: ReactNode; className?: string }) {
  const { openValue, toggle } = useContext(AccordionContext);
  const { value, id } = useContext(ItemContext);
  const open = openValue === value;
  return (
    <h3 className="flex">
      <button
        type="button"
        id={`${id}-trigger`}
        aria-expanded={open}
        aria-controls={`${id}-content`}
        data-state={open ? "open" : "closed"}
        onClick={() => toggle(value)}
        className={cn(
          "group flex flex-1 cursor-pointer items-center justify-between gap-4 py-4 text-left text-base font-semibold transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-ring",
          className,
        )}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </button>
    </h3>
  );
}

export function AccordionContent({ children, className }: { children: ReactNode; className?: string }) {
  const { openValue } = useContext(AccordionContext);
  const { value, id } = useContext(ItemContext);
  const open = openValue === value;
  return (
    <section
      id={`${id}-content`}
      aria-labelledby={`${id}-trigger`}
      hidden={!open}
      data-state={open ? "open" : "closed"}
      className="text-muted-foreground"
    >
      <div className={cn("pb-5 leading-relaxed", className)}>{children}</div>
    </section>
  );
}
