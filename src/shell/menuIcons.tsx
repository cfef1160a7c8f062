// imageLink of a menu (data) → an Arco icon; unknown names get a neutral icon rather than nothing.
import { IconApps, IconDashboard, IconFile, IconHome, IconSettings, IconArchive, IconStorage, IconUserGroup, IconTool } from '@arco-design/web-react/icon';
import type { ReactElement } from 'react';

const ICONS: Record<string, () => ReactElement> = {
  home: () => <IconHome />,
  settings: () => <IconSettings />,
  storage: () => <IconStorage />,
  'shopping-cart': () => <IconArchive />,
  'user-group': () => <IconUserGroup />,
  file: () => <IconFile />,
  apps: () => <IconApps />,
  tool: () => <IconTool />,
  dashboard: () => <IconDashboard />,
};

export function menuIcon(imageLink: string | null | undefined): ReactElement {
  return (imageLink && ICONS[imageLink]?.()) || <IconApps />;
}
