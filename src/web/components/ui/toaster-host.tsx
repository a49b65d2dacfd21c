import { useToasts } from "@web/lib/toast.ts";
import { type ComponentType, useEffect, useState } from "react";

/**
 * Mounts the Radix toaster the first time a toast is raised: most visits never see one,
 * so its code stays out of the page's first download.
 */
export function ToasterHost() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const needed = toasts.length > 0;
  useEffect(() => {
    if (needed && !Toaster) import("./toaster.tsx").then((m) => setToaster(() => m.Toaster));
  }, [needed, Toaster]);
  return Toaster ? <Toaster /> : null;
}
