-- A link that acts for a person is made when its e-mail is sent: until then its hash is null.
ALTER TABLE "password_reset_tokens" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_transfers" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "link_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- E-mails sent before this change kept their live links: the jobs lose their tokens and the
-- stored copies their links (reset, set-password, transfer, visit, rating, unsubscribe).
UPDATE "jobs" SET "payload" = "payload" #- '{data,token}'
  WHERE "kind" = 'email' AND "status" = 'done' AND "payload" -> 'data' ? 'token';--> statement-breakpoint
UPDATE "emails" SET
  "html" = regexp_replace(
    regexp_replace("html", ' href="https?://[^"]*[#?&;](token|s|t)=[^"]*"', '', 'g'),
    'https?://[^]\s"''<>]*[#?&;](token|s|t)=[^]\s"''<>]*', 'link removed', 'g'),
  "text" = regexp_replace("text", 'https?://[^]\s"''<>]*[#?&;](token|s|t)=[^]\s"''<>]*', 'link removed', 'g')
  WHERE "html" ~ '[#?&;](token|s|t)=' OR "text" ~ '[#?&;](token|s|t)=';
