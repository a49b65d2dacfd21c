export type DashboardTab = "policies" | "tickets";

/**
 * Pages that send the customer back to the dashboard may ask for a tab through the
 * history state; after raising a ticket, the tickets tab with that ticket shown as new.
 */
export const dashboardState = (tab: DashboardTab, newTicketId?: number) => ({
  dashboardTab: tab,
  ...(newTicketId === undefined ? {} : { newTicketId }),
});

/** what a page asked the dashboard for, read from the history state */
export function readDashboardState(state: unknown): { tab?: DashboardTab; newTicketId?: number } {
  if (!state || typeof state !== "object") return {};
  const { dashboardTab, newTicketId } = state as { dashboardTab?: unknown; newTicketId?: unknown };
  return {
    tab: dashboardTab === "tickets" || dashboardTab === "policies" ? dashboardTab : undefined,
    newTicketId: typeof newTicketId === "number" && Number.isInteger(newTicketId) ? newTicketId : undefined,
  };
}
