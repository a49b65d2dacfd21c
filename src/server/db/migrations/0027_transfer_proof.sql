-- The proof of sale staff keep when they approve a transfer: a reference (the sale deed's
-- registration number, say), an uploaded document, or both. Transfers approved before this
-- have neither; a plan that needs no approval never asks for one.
ALTER TABLE "policy_transfers" ADD COLUMN "proof_reference" text;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD COLUMN "proof_name" text;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD COLUMN "proof_type" text;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD COLUMN "proof_size" integer;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD COLUMN "proof_storage_key" text;--> statement-breakpoint
ALTER TABLE "policy_transfers" ADD COLUMN "proof_thumbnail_key" text;
