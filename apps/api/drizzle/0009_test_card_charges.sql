CREATE TABLE "test_card_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"provider_ref" text,
	"outcome" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_card_charges_provider_ref_unique" UNIQUE("provider_ref")
);
