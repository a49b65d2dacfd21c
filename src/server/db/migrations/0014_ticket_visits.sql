CREATE TYPE "public"."visit_event_kind" AS ENUM('proposed', 'confirmed', 'change_requested', 'outcome');--> statement-breakpoint
CREATE TYPE "public"."visit_outcome" AS ENUM('fixed', 'part_ordered', 'not_covered', 'revisit');--> statement-breakpoint
CREATE TYPE "public"."visit_status" AS ENUM('proposed', 'confirmed', 'change_requested', 'completed');--> statement-breakpoint
CREATE TABLE "ticket_visit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" "visit_event_kind" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"outcome" "visit_outcome",
	"note" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "visit_status" DEFAULT 'proposed' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"proposed_by_id" integer,
	"outcome" "visit_outcome",
	"outcome_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_visits_slot_order" CHECK ("ticket_visits"."ends_at" > "ticket_visits"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "ticket_visit_events" ADD CONSTRAINT "ticket_visit_events_visit_id_ticket_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."ticket_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_visit_events" ADD CONSTRAINT "ticket_visit_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_visit_events" ADD CONSTRAINT "ticket_visit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_visits" ADD CONSTRAINT "ticket_visits_outcome_message_id_ticket_messages_id_fk" FOREIGN KEY ("outcome_message_id") REFERENCES "public"."ticket_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_visit_events_ticket_id_idx" ON "ticket_visit_events" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_visit_events_visit_id_idx" ON "ticket_visit_events" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "ticket_visit_events_actor_id_idx" ON "ticket_visit_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "ticket_visits_ticket_id_idx" ON "ticket_visits" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_visits_proposed_by_id_idx" ON "ticket_visits" USING btree ("proposed_by_id");--> statement-breakpoint
CREATE INDEX "ticket_visits_outcome_message_id_idx" ON "ticket_visits" USING btree ("outcome_message_id");