// A new purchase order from a contract signed by both sides, at the agreed prices and quantities
// (createFromContract, ContractApi.signedContracts).
import type { EditAddonProps } from '../../../runtime/registry/types';
import { MakeOrderFromPanel, type OrderSource } from './MakeOrderFromPanel';

type Signed = {
  contractId: number;
  contractNumber: string;
  title: string;
  supplierName: string | null;
  supplierId: number;
  currencyCode: string;
  endDate: string | null;
  items: number;
  amount: number;
};

const contracts: OrderSource<Signed> = {
  kind: 'contract',
  listAction: 'signedContracts',
  createAction: 'createFromContract',
  key: (c) => String(c.contractId),
  label: (c, t) =>
    t('po.contract.option', {
      number: c.contractNumber,
      title: c.title,
      supplier: c.supplierName ?? c.supplierId,
      items: c.items,
      amount: c.amount.toFixed(2),
      currency: c.currencyCode,
      until: c.endDate ? t('po.contract.until', { end: c.endDate }) : '',
    }),
  createBody: (c, requiredDate) => ({ contractId: c.contractId, requiredDate }),
};

export function FromContractPanel(props: EditAddonProps) {
  return <MakeOrderFromPanel {...props} source={contracts} />;
}
