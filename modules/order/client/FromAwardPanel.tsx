// A new purchase order from an effective award: an awarded inquiry's winner, at the awarded prices and
// quantities (createFromAward, SourcingApi.awardedPriceItems).
import type { EditAddonProps } from '../../../runtime/registry/types';
import { MakeOrderFromPanel, type OrderSource } from './MakeOrderFromPanel';

type Award = {
  sourceNumber: string;
  title: string;
  supplierId: number;
  supplierName: string | null;
  currencyCode: string;
  items: number;
  amount: number;
};

const awards: OrderSource<Award> = {
  kind: 'award',
  listAction: 'awardedSources',
  createAction: 'createFromAward',
  key: (a) => `${a.sourceNumber}:${a.supplierId}`,
  label: (a, t) =>
    t('po.award.option', {
      number: a.sourceNumber,
      title: a.title,
      supplier: a.supplierName ?? a.supplierId,
      items: a.items,
      amount: a.amount.toFixed(2),
      currency: a.currencyCode,
    }),
  createBody: (a, requiredDate) => ({ sourceNumber: a.sourceNumber, supplierId: a.supplierId, requiredDate }),
};

export function FromAwardPanel(props: EditAddonProps) {
  return <MakeOrderFromPanel {...props} source={awards} />;
}
