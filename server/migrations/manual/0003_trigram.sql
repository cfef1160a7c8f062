-- Hand-written: the extension the generated trigram indexes (contains-filters) need.
create extension if not exists pg_trgm;
