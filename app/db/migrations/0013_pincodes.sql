CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	"place" text NOT NULL,
	CONSTRAINT "pincodes_pincode_check" CHECK ("pincodes"."pincode" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "pincodes_latitude_check" CHECK ("pincodes"."latitude" between -90 and 90),
	CONSTRAINT "pincodes_longitude_check" CHECK ("pincodes"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE INDEX "pincodes_district_idx" ON "pincodes" USING btree ("district");