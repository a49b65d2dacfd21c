CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"reason" text NOT NULL,
	"rate_percent" real NOT NULL,
	"intra_state" boolean NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_adds_up" CHECK ("credit_notes"."taxable" + "credit_notes"."cgst" + "credit_notes"."sgst" + "credit_notes"."igst" = "credit_notes"."total"),
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"lapsed" boolean NOT NULL,
	"inspection_result" text,
	"inspection_note" text,
	"inspected_at" timestamp with time zone,
	"inspected_by" integer,
	"payment_reference" text,
	"activated_at" timestamp with time zone,
	"activated_by" integer,
	"new_purchase_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "renewed_from" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_inspected_by_users_id_fk" FOREIGN KEY ("inspected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_new_purchase_id_purchases_id_fk" FOREIGN KEY ("new_purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_purchase_id_idx" ON "credit_notes" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_open_idx" ON "renewals" USING btree ("purchase_id") WHERE "renewals"."status" in ('inspection_required', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "renewals_purchase_id_idx" ON "renewals" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE INDEX "renewals_status_id_idx" ON "renewals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "renewals_created_at_id_idx" ON "renewals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "renewals_new_purchase_id_idx" ON "renewals" USING btree ("new_purchase_id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_renewed_from_purchases_id_fk" FOREIGN KEY ("renewed_from") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_renewed_from_idx" ON "purchases" USING btree ("renewed_from");--> statement-breakpoint
-- a credit note is final like an invoice: a further correction is another credit note
CREATE FUNCTION "credit_notes_are_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued credit note cannot be changed';
END
$$;--> statement-breakpoint
CREATE TRIGGER "credit_notes_no_update" BEFORE UPDATE ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION "credit_notes_are_final"();
