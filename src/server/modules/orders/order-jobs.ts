import type { Db } from "../../db/client.ts";
import type { JobHandler } from "../jobs/queue.ts";
import type { Schedule } from "../jobs/runner.ts";
import { expireOrders } from "./orders.service.ts";

export const ORDERS_EXPIRE = "orders.expire";

/**
 * Once an hour, whichever process adds it first: an order expires within the hour its
 * 7 days end, and a run missed (the site was down) is made up by the next.
 */
export const orderExpirySchedule: Schedule = {
  kind: ORDERS_EXPIRE,
  period: (now) => now.toISOString().slice(0, 13),
};

export function orderExpiryHandler(db: Db): JobHandler {
  return async () => {
    await expireOrders(db);
  };
}
