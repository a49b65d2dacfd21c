import { cn } from "@web/lib/cn.ts";
import { dismissToast, useToasts } from "@web/lib/toast.ts";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { Toast as T } from "radix-ui";

/** Each toast shows for 5000 ms, swipe right past 50 px to dismiss, F8 jumps to the toasts. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <T.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <T.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg shadow-black/10 transition-all data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0",
            t.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "bg-card text-card-foreground",
          )}
        >
          {t.variant === "destructive" ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          )}
          <div className="grid gap-1">
            <T.Title className="text-sm font-semibold">{t.title}</T.Title>
            {t.description ? (
              <T.Description className="text-sm opacity-90">{t.description}</T.Description>
            ) : null}
          </div>
          <T.Close
            aria-label="Close"
            className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport
        hotkey={["F8"]}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </T.Provider>
  );
}
