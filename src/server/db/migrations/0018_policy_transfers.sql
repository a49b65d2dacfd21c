CREATE TYPE "public"."transfer_status" AS ENUM('pending', 'accepted', 'completed', 'cancelled', 'declined', 'expired');--> statement-breakpoint
CREATE TABLE "policy_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" "transfer_status" DEFAULT 'pending' NOT NULL,
	"needs_approval" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"decided_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "transfer_needs_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD CONSTRAINT "policy_transfers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD CONSTRAINT "policy_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD CONSTRAINT "policy_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD CONSTRAINT "policy_transfers_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_transfers_token_hash_idx" ON "policy_transfers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_transfers_one_open_idx" ON "policy_transfers" USING btree ("purchase_id") WHERE "policy_transfers"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "policy_transfers_purchase_id_idx" ON "policy_transfers" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE INDEX "policy_transfers_status_id_idx" ON "policy_transfers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "policy_transfers_created_at_id_idx" ON "policy_transfers" USING btree ("created_at","id");--> statement-breakpoint
-- existing databases: Essential policies move on the buyer's acceptance, as the seed makes them
UPDATE "plans" SET "transfer_needs_approval" = false WHERE "type" = 'B2C' AND "name" = 'Essential';
