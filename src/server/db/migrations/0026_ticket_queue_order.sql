-- The ticket queue's default order: open and in progress, missed targets and the soonest due
-- first, tickets without a running clock last. The list orders and pages by exactly this
-- expression, so one read of this small index answers a page at any size of the table.
CREATE INDEX "tickets_queue_due_idx" ON "tickets" USING btree (coalesce("sla_due_at", 'infinity'::timestamptz),"id") WHERE "tickets"."status" in ('open', 'in_progress');
