CREATE TABLE "partner_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"month" text NOT NULL,
	"plan_name" text NOT NULL,
	"monthly_fee_paise" integer NOT NULL,
	"registration_fee_paise" integer NOT NULL,
	"registrations" integer NOT NULL,
	"over_quota" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"invoice_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_partner_month_idx" ON "partner_statements" USING btree ("partner_id","month");--> statement-breakpoint
CREATE INDEX "partner_statements_partner_id_idx" ON "partner_statements" USING btree ("partner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_invoice_id_idx" ON "partner_statements" USING btree ("invoice_id");