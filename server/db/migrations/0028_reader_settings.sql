CREATE TABLE "reader_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"playback_rate" real DEFAULT 1 NOT NULL,
	"text_size" text DEFAULT 'medium' NOT NULL,
	"line_spacing" text DEFAULT 'normal' NOT NULL,
	"typeface" text DEFAULT 'sans' NOT NULL,
	"theme" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_settings_rate" CHECK ("reader_settings"."playback_rate" IN (0.5, 0.75, 1, 1.25, 1.5, 1.75, 2)),
	CONSTRAINT "reader_settings_size" CHECK ("reader_settings"."text_size" IN ('small', 'medium', 'large', 'x-large')),
	CONSTRAINT "reader_settings_spacing" CHECK ("reader_settings"."line_spacing" IN ('compact', 'normal', 'relaxed')),
	CONSTRAINT "reader_settings_typeface" CHECK ("reader_settings"."typeface" IN ('sans', 'serif')),
	CONSTRAINT "reader_settings_theme" CHECK ("reader_settings"."theme" IN ('system', 'light', 'sepia', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "reader_settings" ADD CONSTRAINT "reader_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;