import { Avatar, Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconExport, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserSession } from '../app/session';

export function UserMenu({ session, onLogout }: { session: UserSession; onLogout(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = session.userFullName || session.userName;
  const menu = (
    <Menu onClickMenuItem={(key) => (key === 'logout' ? onLogout() : key === 'userCenter' && navigate('/main/userCenter'))}>
      <Menu.Item key="userCenter" data-testid="user-center-link">
        <IconUser style={{ marginRight: 8 }} />
        {t('security.userCenter.title')}
      </Menu.Item>
      <Menu.Item key="logout" data-testid="logout">
        <IconExport style={{ marginRight: 8 }} />
        {t('shell.header.logout')}
      </Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={menu} trigger="click" position="br">
      <Button type="text" className="srm-header-button" data-testid="user-menu">
        <Avatar size={24} style={{ backgroundColor: '#165dff', marginRight: 8 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {name} <IconDown />
      </Button>
    </Dropdown>
  );
}
