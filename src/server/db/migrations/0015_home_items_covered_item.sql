CREATE TABLE "policy_item_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_item_id" integer NOT NULL,
	"uploader_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"room" text NOT NULL,
	"item_type" text NOT NULL,
	"brand" text,
	"installed_on" date,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "covered_item" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "policy_item_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "covered_by_plan" boolean;--> statement-breakpoint
ALTER TABLE "policy_item_photos" ADD CONSTRAINT "policy_item_photos_policy_item_id_policy_items_id_fk" FOREIGN KEY ("policy_item_id") REFERENCES "public"."policy_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_item_photos" ADD CONSTRAINT "policy_item_photos_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_items" ADD CONSTRAINT "policy_items_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_items" ADD CONSTRAINT "policy_items_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_item_photos_item_id_idx" ON "policy_item_photos" USING btree ("policy_item_id","id");--> statement-breakpoint
CREATE INDEX "policy_items_purchase_id_idx" ON "policy_items" USING btree ("purchase_id","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_policy_item_id_policy_items_id_fk" FOREIGN KEY ("policy_item_id") REFERENCES "public"."policy_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_covered_item_idx" ON "tickets" USING btree ("covered_item");--> statement-breakpoint
CREATE INDEX "tickets_policy_item_id_idx" ON "tickets" USING btree ("policy_item_id");