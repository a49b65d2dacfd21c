-- Staff search finds text anywhere in names, e-mails, phones, subjects and policy numbers
-- (ilike '%text%'); trigram GIN indexes answer that without reading the whole table.
-- pg_trgm is a trusted extension: the database owner may create it without superuser.
-- Written to run again safely (IF [NOT] EXISTS): an earlier draft of it may have run already.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX IF EXISTS "inquiries_created_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "purchases_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_created_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiries_created_at_id_idx" ON "inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiries_updated_at_id_idx" ON "inquiries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiries_status_id_idx" ON "inquiries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiries_name_trgm_idx" ON "inquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiries_email_trgm_idx" ON "inquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiries_phone_digits_trgm_idx" ON "inquiries" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_status_id_idx" ON "purchases" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_created_at_id_idx" ON "purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_updated_at_id_idx" ON "purchases" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_property_city_idx" ON "purchases" USING btree ("property_city");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_policy_number_trgm_idx" ON "purchases" USING gin ("policy_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_status_id_idx" ON "tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_priority_id_idx" ON "tickets" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_created_at_id_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_updated_at_id_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_active_assignee_idx" ON "tickets" USING btree ("assignee_id","created_at","id") WHERE "tickets"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_id_idx" ON "users" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_city_idx" ON "users" USING btree ("city");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);