export type DashboardTab = "policies" | "tickets";

/**
 * Pages that send the customer back to the dashboard may ask for a tab through the
 * history state (after raising a ticket: the tickets tab).
 */
export const dashboardState = (tab: DashboardTab) => ({ dashboardTab: tab });
