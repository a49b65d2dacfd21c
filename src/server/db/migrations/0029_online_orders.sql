-- Online orders: a homeowner buys a plan and pays by UPI. Each order holds one pending
-- policy; its amount (paise, GST included) is fixed when it is placed. A UTR confirms at
-- most one order, so a bank statement imported twice cannot pay anything twice.
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text DEFAULT 'upi' NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"reported_utr" text,
	"utr" text,
	"paid_at" timestamp with time zone,
	"confirmed_by" integer,
	"cancel_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" > 0),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'payment_reported', 'paid', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_idx" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_purchase_id_idx" ON "orders" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_utr_idx" ON "orders" USING btree ("utr") WHERE "orders"."utr" is not null;--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_open_expires_at_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" in ('awaiting_payment', 'payment_reported');
