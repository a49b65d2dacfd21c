CREATE TABLE "holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_targets" (
	"plan_tier" text NOT NULL,
	"priority" "ticket_priority" NOT NULL,
	"first_response_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_targets_plan_tier_priority_pk" PRIMARY KEY("plan_tier","priority"),
	CONSTRAINT "sla_targets_plan_tier_check" CHECK ("sla_targets"."plan_tier" in ('Essential', 'Premium', 'Elite')),
	CONSTRAINT "sla_targets_minutes_check" CHECK ("sla_targets"."first_response_minutes" > 0 and "sla_targets"."resolution_minutes" >= "sla_targets"."first_response_minutes")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "response_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_sla_due_idx" ON "tickets" USING btree ("sla_due_at","id") WHERE "tickets"."sla_due_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_sla_warn_idx" ON "tickets" USING btree ("sla_warn_at") WHERE "tickets"."sla_warn_at" is not null and "tickets"."sla_warned_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_resolved_at_idx" ON "tickets" USING btree ("resolved_at");--> statement-breakpoint
-- Default targets in business minutes (a business day is 9 hours, 540 minutes). Elite's
-- "24-hour priority": a visit within one business day, which on a weekday is the same time
-- the next day. Essential and Premium: "service scheduled in 3-5 business days": 3 days
-- for urgent and high, 4 (Premium) or 5 (Essential) for medium and low.
INSERT INTO "sla_targets" ("plan_tier", "priority", "first_response_minutes", "resolution_minutes") VALUES
	('Elite', 'urgent', 120, 540), ('Elite', 'high', 120, 540), ('Elite', 'medium', 240, 540), ('Elite', 'low', 240, 540),
	('Premium', 'urgent', 120, 1620), ('Premium', 'high', 240, 1620), ('Premium', 'medium', 240, 2160), ('Premium', 'low', 480, 2160),
	('Essential', 'urgent', 240, 1620), ('Essential', 'high', 240, 1620), ('Essential', 'medium', 540, 2700), ('Essential', 'low', 540, 2700);
--> statement-breakpoint
-- Tamil Nadu's public holidays. 2026: the State government's list of 24 public holidays
-- (Negotiable Instruments Act, notified November 2025). 2027: the fixed days, and the
-- festivals on the dates of the published calendars, until the State's 2027 list is out;
-- staff correct any day in the console (Service levels).
INSERT INTO "holidays" ("day", "name") VALUES
	('2026-01-01', 'New Year''s Day'), ('2026-01-15', 'Pongal'), ('2026-01-16', 'Thiruvalluvar Day'),
	('2026-01-17', 'Uzhavar Thirunal'), ('2026-01-26', 'Republic Day'), ('2026-02-01', 'Thai Poosam'),
	('2026-03-19', 'Telugu New Year''s Day'), ('2026-03-21', 'Ramzan (Idul Fitr)'), ('2026-03-31', 'Mahaveer Jayanthi'),
	('2026-04-03', 'Good Friday'), ('2026-04-14', 'Tamil New Year''s Day and Dr. B. R. Ambedkar''s Birthday'),
	('2026-05-01', 'May Day'), ('2026-05-28', 'Bakrid (Idul Azha)'), ('2026-06-26', 'Muharram'),
	('2026-08-15', 'Independence Day'), ('2026-08-26', 'Milad-un-Nabi'), ('2026-09-04', 'Krishna Jayanthi'),
	('2026-09-14', 'Vinayakar Chathurthi'), ('2026-10-02', 'Gandhi Jayanthi'), ('2026-10-19', 'Ayutha Pooja'),
	('2026-10-20', 'Vijaya Dasami'), ('2026-11-08', 'Deepavali'), ('2026-12-25', 'Christmas'),
	('2027-01-01', 'New Year''s Day'), ('2027-01-15', 'Pongal'), ('2027-01-16', 'Thiruvalluvar Day'),
	('2027-01-17', 'Uzhavar Thirunal'), ('2027-01-22', 'Thai Poosam'), ('2027-01-26', 'Republic Day'),
	('2027-03-10', 'Ramzan (Idul Fitr)'), ('2027-03-26', 'Good Friday'), ('2027-04-07', 'Telugu New Year''s Day'),
	('2027-04-14', 'Tamil New Year''s Day and Dr. B. R. Ambedkar''s Birthday'), ('2027-04-18', 'Mahaveer Jayanthi'),
	('2027-05-01', 'May Day'), ('2027-05-17', 'Bakrid (Idul Azha)'), ('2027-06-15', 'Muharram'),
	('2027-08-15', 'Independence Day'), ('2027-08-16', 'Milad-un-Nabi'), ('2027-08-25', 'Krishna Jayanthi'),
	('2027-09-04', 'Vinayakar Chathurthi'), ('2027-10-02', 'Gandhi Jayanthi'), ('2027-10-08', 'Ayutha Pooja'),
	('2027-10-09', 'Vijaya Dasami'), ('2027-10-28', 'Deepavali'), ('2027-12-25', 'Christmas');
--> statement-breakpoint
-- Tickets raised before: their first reply to the customer and last resolution, from the
-- conversation and the status history, so the metrics page covers them too
UPDATE "tickets" t SET "first_responded_at" = (
	SELECT min(m."created_at") FROM "ticket_messages" m JOIN "users" u ON u."id" = m."author_id"
	WHERE m."ticket_id" = t."id" AND NOT m."internal" AND u."role"::text IN ('admin', 'technician'));
--> statement-breakpoint
UPDATE "tickets" t SET "resolved_at" = (
	SELECT max(h."created_at") FROM "ticket_status_history" h WHERE h."ticket_id" = t."id" AND h."to_status" = 'resolved')
WHERE t."status" IN ('resolved', 'closed');
