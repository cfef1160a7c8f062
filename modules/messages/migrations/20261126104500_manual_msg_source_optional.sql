-- The sources an installation already has: the ones users may switch off in their message settings
-- (msgUser). A forgotten-password code stays mandatory. New installations get the flag from seed.product.
update msg_source set optional_flag = 'Y' where source_code in ('WF_TASK_ASSIGNED', 'REMINDER', 'MANUAL') and optional_flag = 'N';
