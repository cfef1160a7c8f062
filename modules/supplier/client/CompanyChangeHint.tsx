// Edit-page addon on the supplier's own company screen (supplier/myCompanyEdit): the master is read-only there,
// fields, attachments and certificates alike (the screen grants no save; the files module lets only the record's
// editors change its files), and changes only through a change request that the buyer approves; the hint says
// so and opens a new change request.
import { Alert, Button } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { pageUrl } from '../../../runtime/pages/routing';
import type { EditAddonProps } from '../../../runtime/registry/types';

const PAGES = ['supplier/myCompanyEdit'];
const CHANGE_MENU = 'MY_SUPPLIER_CHANGE';

export function CompanyChangeHint({ page }: EditAddonProps) {
  const env = useRuntimeEnv();
  if (!PAGES.includes(page.name)) return null;
  return (
    <Alert
      data-testid="supplier-company-hint"
      type="info"
      style={{ marginBottom: 12 }}
      content={env.t('supplierCompany.hint')}
      action={
        <Button
          size="small"
          type="primary"
          data-testid="supplier-company-request-change"
          // Opened under its own menu (menuCode), whose buttons the change form needs, not under 企业信息's.
          onClick={() => env.navigate(pageUrl('supplier/myChangeEdit', { mode: 'create', menuCode: CHANGE_MENU }, {}))}
        >
          {env.t('supplierCompany.request')}
        </Button>
      }
    />
  );
}
