-- A renewal can be paid online through the same orders as a purchase. Such an order names
-- the renewal it pays for, and its purchase is the policy being renewed (which may itself
-- have been bought through an order), so a policy has at most one purchase order and each
-- renewal at most one order. A renewal's life gains "cancelled": an order for it not paid in
-- time ends the renewal, never the policy in force.
ALTER TABLE "orders" ADD COLUMN "renewal_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_renewal_id_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."renewals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
DROP INDEX "orders_purchase_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_purchase_id_idx" ON "orders" USING btree ("purchase_id") WHERE "orders"."renewal_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renewal_id_idx" ON "orders" USING btree ("renewal_id") WHERE "orders"."renewal_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_renewal_purchase_id_idx" ON "orders" USING btree ("purchase_id") WHERE "orders"."renewal_id" is not null;
