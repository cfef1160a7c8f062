-- Baseline of the platform: what belongs to no module, exactly as the numbered migrations 0002 and 0003
-- of the releases before module migrations made it (docs/decisions.md, "Migrations"). A database that
-- recorded those takes this file as applied without running it. Runs before every module's migrations.

-- The extension the generated trigram indexes (contains-filters) need.
create extension if not exists pg_trgm;

-- Document numbers (PR-2026-000001): one sequence per document type.
create table srm_document_sequence (
  doc_type varchar(30) primary key,
  period varchar(10) not null,
  last_value bigint not null default 0
);
