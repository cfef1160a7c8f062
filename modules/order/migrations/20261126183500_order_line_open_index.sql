-- Written by hand (a partial composite index the entity definitions cannot express): supplier's open-lines
-- list (listOpenLines) walks this index in its order (required date, line id) and stops at 500 rows;
-- without it 1,000,000 lines took ~400 ms per list (tests/bench/orders.bench.ts).
create index srm_po_order_line_open_ix on srm_po_order_line (supplier_id, required_date, order_line_id)
  where line_status in ('OPEN', 'CHANGE_REQUESTED', 'REJECTED', 'CONFIRMED');
