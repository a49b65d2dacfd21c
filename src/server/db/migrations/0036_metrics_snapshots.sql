-- The metrics page's standard periods (the last 7, 30 and 90 days), counted every ten minutes
-- by a scheduled job and read from here: counting them took 1.07 s (90 days) at a million
-- tickets, and their medians and 90th percentiles cannot be kept exact by adding up rows
-- the way the ticket counters are. The page says when the figures were counted.
CREATE TABLE "metrics_snapshots" (
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "metrics_snapshots_pkey" PRIMARY KEY("from_day","to_day")
);
