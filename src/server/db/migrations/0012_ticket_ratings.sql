CREATE TABLE "ticket_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"resolution" integer NOT NULL,
	"score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_ratings_score_check" CHECK ("ticket_ratings"."score" between 1 and 5),
	CONSTRAINT "ticket_ratings_resolution_check" CHECK ("ticket_ratings"."resolution" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_ratings_ticket_resolution_idx" ON "ticket_ratings" USING btree ("ticket_id","resolution");--> statement-breakpoint
CREATE INDEX "ticket_ratings_created_at_idx" ON "ticket_ratings" USING btree ("created_at");