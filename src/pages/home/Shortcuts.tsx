import { Card, Empty, Grid } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../shell/menuIcons';
import { flattenPages, type MenuNode } from '../../shell/menus';

const MAX_SHORTCUTS = 12;

export function Shortcuts({ menus, onOpen }: { menus: readonly MenuNode[]; onOpen(menu: MenuNode): void }) {
  const { t } = useTranslation();
  const pages = flattenPages(menus).slice(0, MAX_SHORTCUTS);
  return (
    <Card title={t('shell.home.shortcuts')} bordered={false} className="srm-home-card">
      {pages.length === 0 ? (
        <Empty description={t('shell.home.noShortcuts')} />
      ) : (
        <Grid.Row gutter={[16, 16]} align="stretch">
          {pages.map((menu) => (
            <Grid.Col key={String(menu.menuId)} xs={12} sm={8} md={6} lg={4} className="srm-shortcut-col">
              <button type="button" className="srm-shortcut" data-testid={`shortcut-${menu.menuCode}`} onClick={() => onOpen(menu)}>
                <span className="srm-shortcut-icon">{menuIcon(menu.imageLink)}</span>
                <span className="srm-shortcut-name">{menu.menuName}</span>
              </button>
            </Grid.Col>
          ))}
        </Grid.Row>
      )}
    </Card>
  );
}
