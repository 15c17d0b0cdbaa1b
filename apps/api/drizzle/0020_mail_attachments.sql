CREATE TABLE "mail_attachments" (
	"mail_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_attachments_mail_id_position_pk" PRIMARY KEY("mail_id","position"),
	CONSTRAINT "mail_attachments_size_ck" CHECK (octet_length("mail_attachments"."content") <= 262144)
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;