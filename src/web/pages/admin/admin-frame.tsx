import { paths } from "@shared/paths.ts";
import { AdminShell } from "@web/features/admin/admin-shell.tsx";
import { RequireAdmin } from "@web/features/auth/guards.tsx";
import type { ComponentProps } from "react";

/** where most console pages lead back to */
export const BACK_TO_DASHBOARD = { href: paths.admin, label: "Dashboard" };

/**
 * A console page only admins may open, in the console's frame. It leads back to the
 * dashboard unless given another way back.
 */
export function AdminPage({ back = BACK_TO_DASHBOARD, ...shell }: ComponentProps<typeof AdminShell>) {
  return (
    <RequireAdmin>
      <AdminShell back={back} {...shell} />
    </RequireAdmin>
  );
}
