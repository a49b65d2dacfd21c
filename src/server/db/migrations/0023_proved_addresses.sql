ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_confirmations_hash_idx" ON "email_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_confirmations_user_id_idx" ON "email_confirmations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "homeowner_name" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "homeowner_email" text;--> statement-breakpoint
UPDATE "purchases" p SET "homeowner_name" = trim(u."first_name" || ' ' || u."last_name"), "homeowner_email" = lower(u."email") FROM "users" u WHERE u."id" = p."user_id" AND p."partner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "purchases_awaiting_homeowner_idx" ON "purchases" USING btree ("homeowner_email") WHERE "purchases"."user_id" is null;
