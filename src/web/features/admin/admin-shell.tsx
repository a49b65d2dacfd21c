import { Container } from "@web/components/layout/section.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import { useUser } from "@web/lib/use-user.ts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { AdminNav } from "./admin-nav.tsx";
import { useStaffStats } from "./api.ts";
import { FindBox } from "./find-box.tsx";

/** The admin console's frame: a nav bar between its views, the page title and actions. */
export function AdminShell({
  title,
  metaTitle,
  description,
  path,
  actions,
  back,
  children,
}: {
  title: ReactNode;
  /** plain-text title for the browser tab, when `title` is not a string */
  metaTitle?: string;
  description?: ReactNode;
  path: string;
  actions?: ReactNode;
  /** the way back; `state` is the history state to restore with it (a list's trail of pages) */
  back?: { href: string; label: string; state?: unknown };
  children: ReactNode;
}) {
  const technician = useUser().user?.role === "technician";
  // unread leads on every admin view, so none waits unseen
  const stats = useStaffStats(!technician);
  const newCount = stats.data?.newEnquiries ?? 0;
  return (
    <div className="min-h-[70vh] bg-muted/30 pb-16">
      <PageMeta
        title={metaTitle ?? (typeof title === "string" ? title : "Admin")}
        description="Staff console of Home Interior Project Warranty Solutions."
        path={path}
        noindex
      />
      {/* a technician's console is their own tickets, which the site's bar already names:
          no second bar for them */}
      {technician ? null : (
        <div className="border-b bg-card">
          <Container wide className="flex flex-wrap items-center gap-x-6 gap-y-1 py-0 max-md:px-2">
            {/* the sections keep one row at every width (see AdminNav); below a laptop's width the
                find box takes a line of its own */}
            <AdminNav newEnquiries={newCount} />
            <FindBox className="w-full pb-2 lg:w-56 lg:pb-0" />
          </Container>
        </div>
      )}
      <Container wide className="pt-6 md:pt-8">
        {back ? (
          <Link
            href={back.href}
            state={back.state}
            className="mb-3 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> {back.label}
          </Link>
        ) : null}
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-balance md:text-3xl">{title}</h1>
            {description ? <div className="mt-1 text-sm text-muted-foreground">{description}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {children}
      </Container>
    </div>
  );
}
