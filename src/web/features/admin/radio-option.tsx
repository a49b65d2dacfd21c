import type { ComponentProps } from "react";

/** One choice of a radio group with its label beside it, as the console's forms all draw it. */
export function RadioOption({ children, ...input }: Omit<ComponentProps<"input">, "type" | "className">) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input type="radio" className="size-4 accent-primary" {...input} />
      {children}
    </label>
  );
}
