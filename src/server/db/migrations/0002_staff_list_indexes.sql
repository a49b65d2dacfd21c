-- Staff search finds text anywhere in names, e-mails, phones, subjects and policy numbers
-- (ilike '%text%'); trigram GIN indexes answer that without reading the whole table.
-- pg_trgm is a trusted extension: the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "inquiries_created_at_idx";--> statement-breakpoint
DROP INDEX "purchases_status_idx";--> statement-breakpoint
DROP INDEX "tickets_status_idx";--> statement-breakpoint
DROP INDEX "tickets_created_at_idx";--> statement-breakpoint
CREATE INDEX "inquiries_created_at_id_idx" ON "inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_updated_at_id_idx" ON "inquiries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_status_id_idx" ON "inquiries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "inquiries_name_trgm_idx" ON "inquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_email_trgm_idx" ON "inquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_phone_digits_trgm_idx" ON "inquiries" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_status_id_idx" ON "purchases" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "purchases_created_at_id_idx" ON "purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_updated_at_id_idx" ON "purchases" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "purchases_policy_number_trgm_idx" ON "purchases" USING gin ("policy_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_status_id_idx" ON "tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_id_idx" ON "tickets" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "tickets_created_at_id_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_updated_at_id_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);