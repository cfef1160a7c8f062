// The supplier home's card of agreements still to sign (SENT): each with its validity and a button to read
// and sign it (opened in 我的协议's menu, whose buttons sign and refuse).
import type { HomePanelProps } from '../../../../runtime/registry/types';
import { OpenWorkCard } from '../OpenWorkCard';

export default function AgreementsHomePanel({ openInMenu }: HomePanelProps) {
  return (
    <OpenWorkCard
      list="srmServer/v1/srmPosAgreementRestful/listByPage"
      name="agreements"
      item="agreement"
      prefix="supplierAgr.home"
      rowKey="row"
      fields={{ key: 'agreementId', number: 'agreementNumber', date: 'validTo' }}
      open={(r) => openInMenu('MY_AGREEMENT', 'supplier/myAgreementEdit', { id: String(r.agreementId), mode: 'view' })}
    />
  );
}
