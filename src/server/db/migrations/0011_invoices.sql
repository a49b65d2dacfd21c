CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_address" text NOT NULL,
	"supplier_gstin" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_address" text NOT NULL,
	"place_of_supply" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"sac" text NOT NULL,
	"description" text NOT NULL,
	"rate_percent" real NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_purchase_id_idx" ON "invoices" USING btree ("purchase_id","id");--> statement-breakpoint
-- the parts of an invoice always add up to its total
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_adds_up" CHECK ("taxable" + "cgst" + "sgst" + "igst" = "total");--> statement-breakpoint
-- an issued invoice is final: the application has no path that changes one, and the database refuses it too
CREATE FUNCTION "invoices_are_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice cannot be changed; a correction is a credit note';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_no_update" BEFORE UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_are_final"();
