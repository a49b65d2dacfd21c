-- btree_gist lets one exclusion constraint compare a plain column (the technician) with
-- equality and a time range with overlap. It is a trusted extension: the database owner
-- may create it without superuser.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD COLUMN "technician_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Visits already booked belong to their ticket's assignee; a visit that overlaps an earlier
-- one of the same person is left without a technician rather than refusing the migration.
UPDATE "ticket_visits" AS v SET "technician_id" = t."assignee_id"
FROM "tickets" AS t
WHERE t."id" = v."ticket_id" AND t."assignee_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "ticket_visits" AS o JOIN "tickets" AS ot ON ot."id" = o."ticket_id"
    WHERE ot."assignee_id" = t."assignee_id" AND o."id" < v."id"
      AND tstzrange(o."starts_at", o."ends_at") && tstzrange(v."starts_at", v."ends_at")
  );--> statement-breakpoint
-- One technician is in one home at a time: two staff booking the same slot at once cannot
-- both succeed, whatever the order their transactions commit in.
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_technician_no_overlap" EXCLUDE USING gist ("technician_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);--> statement-breakpoint
CREATE INDEX "ticket_visits_technician_id_idx" ON "ticket_visits" USING btree ("technician_id","starts_at");
