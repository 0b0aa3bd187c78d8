CREATE TABLE "reading_reports" (
	"user_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"seconds_counted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_reports_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
ALTER TABLE "reading_reports" ADD CONSTRAINT "reading_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_reports_created_at" ON "reading_reports" USING btree ("created_at");