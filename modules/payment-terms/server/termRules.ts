// A payment term's cash discount (2/10 net 30: 2 % if paid within 10 days, else due in 30) only makes
// sense inside the net period and with its days: checked on every save, whichever screen or import.
import { refuse } from '../../../server/errors.js';
import type { EntityRules } from '../../../server/modules/types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const paymentTermRules: EntityRules = {
  async beforeSave(_ctx, _db, values) {
    const net = num(values.net_days);
    const discountDays = num(values.discount_days);
    const percent = num(values.discount_percent);
    if (percent !== null && percent > 0 && discountDays === null) throw refuse('paymentTerm.discountWithoutDays');
    if (net !== null && discountDays !== null && discountDays >= net) throw refuse('paymentTerm.discountAfterNet', { discountDays, netDays: net });
  },
};
