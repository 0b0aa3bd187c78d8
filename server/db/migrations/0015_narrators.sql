CREATE TABLE "applicant_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"original_filename" text NOT NULL,
	"storage_path" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_videos_storage_path_unique" UNIQUE("storage_path")
);
--> statement-breakpoint
CREATE TABLE "teacher_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_language" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"city_country" text NOT NULL,
	"native_languages" text NOT NULL,
	"experience_text" text NOT NULL,
	"camera_comfortable" boolean NOT NULL,
	"accent_description" text DEFAULT '' NOT NULL,
	"quiet_env" boolean NOT NULL,
	"can_purchase_mic" boolean,
	"willing_submit_sample" boolean NOT NULL,
	"weekly_hours_choice" text NOT NULL,
	"desired_hourly_rate" text DEFAULT '' NOT NULL,
	"topics_general" boolean DEFAULT false NOT NULL,
	"topics_18" boolean DEFAULT false NOT NULL,
	"topics_nsfw" boolean DEFAULT false NOT NULL,
	"why_catamaran" text NOT NULL,
	"fit_for_learners" text DEFAULT '' NOT NULL,
	"expressive_reading" text DEFAULT '' NOT NULL,
	"anything_else" text DEFAULT '' NOT NULL,
	"contacted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "applicant_videos_created_at" ON "applicant_videos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "teacher_applications_created_at" ON "teacher_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "teacher_applications_email" ON "teacher_applications" USING btree (lower("email"));