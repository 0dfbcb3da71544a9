CREATE TABLE "sign_in_failures" (
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_email_subject_pk" PRIMARY KEY("email","subject")
);
