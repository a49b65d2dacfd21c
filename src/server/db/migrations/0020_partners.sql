CREATE TYPE "public"."over_quota_policy" AS ENUM('refuse', 'bill');--> statement-breakpoint
CREATE TYPE "public"."partner_member_role" AS ENUM('owner', 'member');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'partner';--> statement-breakpoint
CREATE TABLE "partner_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" "partner_member_role" NOT NULL,
	"invited_by_id" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"address" text NOT NULL,
	"logo_storage_key" text,
	"logo_type" text,
	"brand_colour" text NOT NULL,
	"plan_id" integer NOT NULL,
	"monthly_quota" integer,
	"contract_start" date NOT NULL,
	"over_quota" "over_quota_policy" DEFAULT 'refuse' NOT NULL,
	"handover_status" "purchase_status" DEFAULT 'active' NOT NULL,
	"agreed_price_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_handover_status_check" CHECK ("partners"."handover_status" in ('active', 'pending')),
	CONSTRAINT "partners_monthly_quota_check" CHECK ("partners"."monthly_quota" is null or "partners"."monthly_quota" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "installer" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "registered_by" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "over_quota" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_members_user_id_idx" ON "partner_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "partner_members_partner_id_idx" ON "partner_members" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "partners_name_id_idx" ON "partners" USING btree ("name","id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_partner_created_at_id_idx" ON "purchases" USING btree ("partner_id","created_at","id") WHERE "purchases"."partner_id" is not null;