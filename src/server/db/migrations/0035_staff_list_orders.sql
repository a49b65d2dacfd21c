-- The ticket list's default order (missed and soonest due first, then tickets without a
-- running clock) for every status, not only the queue's: a search looks through every
-- status, and staff filter by resolved or closed. Without an index in that order, a page
-- sorted every match first (0.6-3.5 s for 40,000-190,000 resolved or closed tickets at a
-- million). Resolved and closed tickets have no running clock, so among them the order is
-- the id's: a small partial index answers them, the full one any mix of statuses.
CREATE INDEX "tickets_due_order_idx" ON "tickets" USING btree (coalesce("sla_due_at", 'infinity'::timestamptz),"id");
--> statement-breakpoint
CREATE INDEX "tickets_settled_due_order_idx" ON "tickets" USING btree (coalesce("sla_due_at", 'infinity'::timestamptz),"id") WHERE "tickets"."status" in ('resolved', 'closed');
--> statement-breakpoint
-- The queue (open and in progress) is under 5% of the tickets, and most recently created and
-- updated: walked in the full created or updated order, a filter on it read hundreds of
-- thousands of older rows before a page was full (2.5 s for the low-priority queue, oldest
-- update first). Its own small indexes in each order keep such a page to the queue's rows.
CREATE INDEX "tickets_active_created_idx" ON "tickets" USING btree ("created_at","id") WHERE "tickets"."status" in ('open', 'in_progress');
--> statement-breakpoint
CREATE INDEX "tickets_active_updated_idx" ON "tickets" USING btree ("updated_at","id") WHERE "tickets"."status" in ('open', 'in_progress');
--> statement-breakpoint
CREATE INDEX "tickets_active_priority_idx" ON "tickets" USING btree ("priority","id") WHERE "tickets"."status" in ('open', 'in_progress');
--> statement-breakpoint
-- Customers by their last change: the staff list's "updated" sort had no index in that
-- order and sorted every customer (483 ms at 200,000).
CREATE INDEX "users_updated_at_id_idx" ON "users" USING btree ("updated_at","id");
