ALTER TABLE "invoices" ADD COLUMN "billed_to_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billed_to_id_users_id_fk" FOREIGN KEY ("billed_to_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Invoices issued before this column get the person they were issued to: the seller of the
-- first completed transfer after the invoice, or the policy's holder when it never moved
-- since. Only this one-off fill changes issued invoices, so the rule that refuses any change
-- is paused around it and back before the migration ends.
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_no_update";--> statement-breakpoint
UPDATE "invoices" AS i SET "billed_to_id" = coalesce(
  (SELECT t."from_user_id" FROM "policy_transfers" AS t
    WHERE t."purchase_id" = i."purchase_id" AND t."status" = 'completed' AND t."closed_at" > i."created_at"
    ORDER BY t."closed_at" LIMIT 1),
  (SELECT p."user_id" FROM "purchases" AS p WHERE p."id" = i."purchase_id"))
WHERE i."purchase_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_no_update";--> statement-breakpoint
CREATE INDEX "policy_item_photos_uploader_id_idx" ON "policy_item_photos" USING btree ("uploader_id");
