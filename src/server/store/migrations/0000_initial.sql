CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"resource" text,
	"payload" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_subscriptions" (
	"user_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text DEFAULT '' NOT NULL,
	"subscription" json NOT NULL,
	CONSTRAINT "held_subscriptions_user_id_event_type_resource_id_pk" PRIMARY KEY("user_id","event_type","resource_id")
);
--> statement-breakpoint
CREATE TABLE "publishes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"operation" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_ref" text NOT NULL,
	"target_id" text NOT NULL,
	"body" json,
	"ok" boolean NOT NULL,
	"status" integer NOT NULL,
	"error_code" text,
	"error_message" text,
	"response" json,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_revocations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"revoked_before" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_received_at_idx" ON "events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "events_resource_idx" ON "events" USING btree ("resource","id");--> statement-breakpoint
CREATE INDEX "publishes_user_id_idx" ON "publishes" USING btree ("user_id","id");