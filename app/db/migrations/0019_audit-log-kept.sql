CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
-- hand-written: an audit entry is never changed or deleted (issue 25). A row trigger does not
-- see TRUNCATE, which only the tests use to empty their database.
CREATE FUNCTION "audit_log_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an audit log entry is never changed or deleted' USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_kept" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_kept"();
