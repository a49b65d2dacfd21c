CREATE TABLE "partner_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"created_by_id" integer,
	"file_name" text DEFAULT '' NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "partner_imports" ADD CONSTRAINT "partner_imports_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_imports" ADD CONSTRAINT "partner_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_imports_partner_id_idx" ON "partner_imports" USING btree ("partner_id","id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_import_id_partner_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."partner_imports"("id") ON DELETE restrict ON UPDATE no action;