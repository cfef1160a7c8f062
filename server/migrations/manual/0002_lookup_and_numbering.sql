-- Hand-written: what entity definitions cannot express yet.

-- A lookup code is unique within its type.
create unique index base_lookup_values_type_code_uk on base_lookup_values (lookup_type, lookup_code);

-- A user holds a responsibility once; a responsibility holds a menu or resource once.
create unique index base_user_resp_user_resp_uk on base_user_resp (user_id, resp_id);
create unique index base_resp_menu_resp_menu_uk on base_resp_menu (resp_id, menu_id);
create unique index base_resp_resource_resp_res_uk on base_resp_resource (resp_id, resource_id);
create unique index base_resource_menu_code_uk on base_resource (menu_id, resource_code);

-- Document numbers (PR-2026-000001): one sequence per document type.
create table srm_document_sequence (
  doc_type varchar(30) primary key,
  period varchar(10) not null,
  last_value bigint not null default 0
);
