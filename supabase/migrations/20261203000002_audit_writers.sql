-- The audit log is written only by the functions that make the audited change: the triggers
-- audit_admin_write (back-office migration) and audit_media_write (media migration), and
-- admin_set_admin. They are SECURITY DEFINER, owned by the role that runs the migrations, so
-- they keep calling append_audit as its owner. Nobody calls it directly: hosted Supabase's
-- default privileges granted EXECUTE to service_role too, and a holder of the service-role key
-- could add forged rows through /rest/v1/rpc/append_audit.
revoke execute on function public.append_audit(text, text, text, text) from service_role;
