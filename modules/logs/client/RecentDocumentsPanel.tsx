// The internal home's recent documents: what the caller saved, submitted or otherwise changed last (the
// server reads its own operation log rows), each opening the document's edit page under a menu the user
// holds that lists such documents, so the page comes with that menu's buttons.
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { HomePanelProps } from '../../../runtime/registry/types';
import { WorkListCard, type WorkRow } from '../../../runtime/dashboard/WorkListCard';

const PATH = 'baseServer/v1/baseUserOperateLogRestful/findRecentDocuments';
const KNOWN_ACTIONS = new Set(['saveOrUpdate', 'doSubmit']);

interface Recent {
  entityName: string;
  entityLabel: string;
  recordId: number;
  label: string | null;
  actionName: string;
  operateTime: string;
  pages: { page: string; listPage: string | null }[];
}

export default function RecentDocumentsPanel({ openInMenu, menuOfPage }: HomePanelProps) {
  const env = useRuntimeEnv();
  const [rows, setRows] = useState<Recent[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    env.api<Recent[]>(PATH, {}).then(
      (a) => alive && setRows(a.data),
      (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
    // Once per home visit, and again in a new language (the server names the kinds of document).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [env.language]);
  // Only documents the user can open from one of its menus.
  const work: WorkRow[] | undefined = rows?.flatMap((r) => {
    const via = r.pages.map((p) => ({ ...p, menu: p.listPage ? menuOfPage(p.listPage) : undefined })).find((p) => p.menu);
    if (!via?.menu) return [];
    const menu = via.menu;
    return [
      {
        key: `${r.entityName}-${r.recordId}`,
        cells: [r.label ?? `#${r.recordId}`, r.entityLabel, String(r.operateTime).slice(5, 16).replace('T', ' ')],
        tag: {
          text: env.t(`recentDocs.action.${KNOWN_ACTIONS.has(r.actionName) ? r.actionName : 'other'}`),
          color: r.actionName === 'doSubmit' ? 'arcoblue' : 'gray',
        },
        open: () => openInMenu(menu, via.page, { id: r.recordId, mode: 'view' }),
      },
    ];
  });
  return <WorkListCard testId="home-recent-documents" title={env.t('recentDocs.title')} rows={work} error={error} emptyText={env.t('recentDocs.none')} />;
}
