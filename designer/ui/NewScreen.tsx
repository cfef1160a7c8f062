// "New screen": pick an entity (those without pages first), generate its list and edit pages as drafts
// (createPage), then put the list page in a menu with its button resources granted to responsibilities
// (addToMenu).
import { Alert, Button, Checkbox, Form, Input, Message, Select, Space, Steps, Tag } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action, PageDefinition } from '../../runtime/definitions';
import { loadedEntities } from '../../src/app/definitions';
import { getSession } from '../../src/app/session';
import { announceDefinitionsChanged, designerApi, listFolderMenus, listResponsibilityCodes, type DefinitionSummary, type MenuNames } from '../api';
import { go } from '../route';
import { textObject } from './text';

const LANGS = ['CN', 'EN', 'TH', 'VN'] as const;

/** Resource codes the generated pages' buttons need, in first-seen order. */
export function pageResources(pages: readonly PageDefinition[]): string[] {
  const codes: string[] = [];
  const visit = (actions: readonly Action[] | undefined) => actions?.forEach((a) => a.resource && !codes.includes(a.resource) && codes.push(a.resource));
  for (const page of pages) {
    const toolbar = page.grid?.toolbar as unknown;
    visit(Array.isArray(toolbar) ? (toolbar as Action[]) : (toolbar as { functionList?: Action[] } | undefined)?.functionList);
    visit(page.grid?.rowActions);
    visit(page.actions);
    page.lines?.forEach((l) => visit(l.grid.rowActions));
    // The Excel buttons are grid options, not actions; the server binds them to these resources.
    if (page.grid?.isShowExport && !codes.includes('btnExport')) codes.push('btnExport');
    if (page.grid?.isShowImport && !codes.includes('btnImport')) codes.push('btnImport');
  }
  return codes;
}

/** `srmBaseWidget` → `base/widget` (module from the entity's file folder is not known here: use the prefix). */
export function suggestBaseName(entity: string): string {
  const bare = entity.replace(/^(srm|base)(Base|Po|Pos)?/, '');
  const lower = bare.charAt(0).toLowerCase() + bare.slice(1);
  return `custom/${lower || 'screen'}`;
}

export function NewScreen({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<DefinitionSummary[]>([]);
  const [step, setStep] = useState(1);
  const [entityName, setEntityName] = useState<string | undefined>();
  const [baseName, setBaseName] = useState('');
  const [title, setTitle] = useState<MenuNames>({ CN: '', EN: '', TH: '', VN: '' });
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<PageDefinition[]>([]);
  const [menus, setMenus] = useState<{ menuCode: string; menuName: string }[]>([]);
  const [resps, setResps] = useState<{ respCode: string; respName: string }[]>([]);
  const [parent, setParent] = useState<string | undefined>();
  const [menuCode, setMenuCode] = useState('');
  const [resources, setResources] = useState<string[]>([]);
  const [grants, setGrants] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    designerApi.list().then(setList, () => setList([]));
    const respId = getSession()?.respId;
    if (respId !== null && respId !== undefined) listFolderMenus(respId).then(setMenus, () => setMenus([]));
    listResponsibilityCodes().then(setResps, () => setResps([]));
  }, []);

  const withPages = useMemo(() => new Set(list.map((d) => d.entity)), [list]);
  // Every module's definitions are loaded before the designer shows (DesignerApp).
  const allEntities = loadedEntities();
  const entityOptions = Object.entries(allEntities)
    .filter(([, e]) => (e.kind ?? 'family') === 'family')
    .map(([name]) => name)
    .sort((a, b) => Number(withPages.has(a)) - Number(withPages.has(b)) || a.localeCompare(b));

  const pickEntity = (name: string) => {
    setEntityName(name);
    setBaseName(suggestBaseName(name));
    setTitle(textObject(allEntities[name]?.label));
  };

  const listName = `${baseName}List`;
  const editName = `${baseName}Edit`;
  const nameOk = /^[a-z][A-Za-z0-9]*\/[a-z][A-Za-z0-9]*$/.test(baseName);

  const generate = async () => {
    if (!entityName || !nameOk) return;
    setBusy(true);
    setError(null);
    try {
      const listPage = await designerApi.createPage(listName, entityName, 'list', title);
      const editPage = await designerApi.createPage(editName, entityName, 'edit', title);
      const pages = [listPage.content, editPage.content];
      setCreated(pages);
      setResources(pageResources(pages));
      setMenuCode(
        baseName
          .split('/')
          .pop()!
          .replace(/([a-z])([A-Z])/g, '$1_$2')
          .toUpperCase(),
      );
      setStep(2);
      onCreated();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  // A menu may only point at a published page: publish the generated pair as version 1 first.
  const publishBoth = async () => {
    setBusy(true);
    setError(null);
    try {
      // Publishing a new page also publishes its new partner's draft (the pair refer to each other).
      for (const name of [listName, editName]) {
        if ((await designerApi.get(name)).draft) await designerApi.publish(name, t('designer.newScreen.generatedComment'));
      }
      Message.success(t('designer.newScreen.publishedBoth'));
      announceDefinitionsChanged();
      setStep(3);
      onCreated();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const addToMenu = async () => {
    if (!parent || !menuCode) return;
    setBusy(true);
    setError(null);
    try {
      await designerApi.addToMenu({
        pageName: listName,
        parentMenuCode: parent,
        menuCode,
        names: title,
        resources: resources.map((code) => ({ resourceCode: code, names: resourceNames(code, created) })),
        grantRespCodes: grants,
      });
      Message.success(t('designer.newScreen.menuAdded'));
      setStep(4);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="designer-panel designer-new" data-testid="designer-new">
      <div className="designer-toolbar">
        <Button size="small" onClick={() => go({ screen: 'list' })}>
          {t('designer.back')}
        </Button>
        <h2 className="designer-title">{t('designer.newScreen.title')}</h2>
      </div>
      <Steps current={step} size="small" style={{ maxWidth: 720, marginBottom: 16 }}>
        <Steps.Step title={t('designer.newScreen.step1')} />
        <Steps.Step title={t('designer.newScreen.stepPublish')} />
        <Steps.Step title={t('designer.newScreen.step2')} />
        <Steps.Step title={t('designer.newScreen.step3')} />
      </Steps>
      {error && <Alert type="error" content={error} style={{ marginBottom: 12 }} data-testid="designer-new-error" />}
      {step === 1 && (
        <Form layout="vertical" size="small" style={{ maxWidth: 720 }}>
          <Form.Item label={t('designer.newScreen.entity')}>
            <Select
              showSearch
              value={entityName}
              onChange={pickEntity}
              data-testid="new-entity"
              options={entityOptions.map((name) => ({
                value: name,
                label: (
                  <span>
                    {name}{' '}
                    {withPages.has(name) ? (
                      <Tag size="small">{t('designer.newScreen.hasPages')}</Tag>
                    ) : (
                      <Tag size="small" color="green">
                        {t('designer.newScreen.noPages')}
                      </Tag>
                    )}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('designer.newScreen.name')} extra={nameOk || !baseName ? `${listName}, ${editName}` : t('designer.newScreen.nameRule')}>
            <Input value={baseName} onChange={setBaseName} status={baseName && !nameOk ? 'error' : undefined} data-testid="new-name" />
          </Form.Item>
          <Form.Item label={t('designer.newScreen.pageTitle')}>
            <div className="designer-text-inputs">
              {LANGS.map((lang) => (
                <Input
                  key={lang}
                  size="small"
                  addBefore={lang}
                  value={title[lang]}
                  onChange={(v) => setTitle({ ...title, [lang]: v })}
                  data-testid={`new-title-${lang}`}
                />
              ))}
            </div>
          </Form.Item>
          <Button
            type="primary"
            loading={busy}
            disabled={!entityName || !nameOk || LANGS.some((l) => !title[l].trim())}
            onClick={() => void generate()}
            data-testid="new-generate"
          >
            {t('designer.newScreen.generate')}
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Space direction="vertical">
          <Alert type="success" content={t('designer.newScreen.generated', { list: listName, edit: editName })} />
          <div className="designer-muted">{t('designer.newScreen.publishHint')}</div>
          <Space>
            <Button type="primary" loading={busy} onClick={() => void publishBoth()} data-testid="new-publish">
              {t('designer.newScreen.publishBoth')}
            </Button>
            <Button onClick={() => go({ screen: 'edit', name: listName })} data-testid="new-open-list">
              {t('designer.newScreen.openEditor')}
            </Button>
          </Space>
        </Space>
      )}
      {step === 3 && (
        <Form layout="vertical" size="small" style={{ maxWidth: 720 }}>
          <Form.Item label={t('designer.newScreen.parentMenu')}>
            <Select
              showSearch
              value={parent}
              onChange={setParent}
              options={menus.map((m) => ({ value: m.menuCode, label: `${m.menuName} (${m.menuCode})` }))}
              data-testid="new-parent"
            />
          </Form.Item>
          <Form.Item label={t('designer.newScreen.menuCode')}>
            <Input value={menuCode} onChange={(v) => setMenuCode(v.toUpperCase())} data-testid="new-menu-code" />
          </Form.Item>
          <Form.Item label={t('designer.newScreen.menuNames')}>
            <div className="designer-text-inputs">
              {LANGS.map((lang) => (
                <Input
                  key={lang}
                  size="small"
                  addBefore={lang}
                  value={title[lang]}
                  onChange={(v) => setTitle({ ...title, [lang]: v })}
                  data-testid={`new-menu-name-${lang}`}
                />
              ))}
            </div>
          </Form.Item>
          <Form.Item label={t('designer.newScreen.resources')}>
            <Checkbox.Group
              value={resources}
              onChange={setResources}
              options={pageResources(created).map((code) => ({ value: code, label: code }))}
              data-testid="new-resources"
            />
          </Form.Item>
          <Form.Item label={t('designer.newScreen.grant')}>
            <Select
              mode="multiple"
              allowCreate
              value={grants}
              onChange={setGrants}
              placeholder={t('designer.newScreen.grantHint')}
              options={resps.map((r) => ({ value: r.respCode, label: `${r.respName} (${r.respCode})` }))}
              data-testid="new-grants"
            />
          </Form.Item>
          <Space>
            <Button type="primary" loading={busy} disabled={!parent || !menuCode} onClick={() => void addToMenu()} data-testid="new-add-menu">
              {t('designer.newScreen.addToMenu')}
            </Button>
            <Button onClick={() => go({ screen: 'edit', name: listName })} data-testid="new-open-list">
              {t('designer.newScreen.openEditor')}
            </Button>
          </Space>
        </Form>
      )}
      {step === 4 && (
        <Space direction="vertical">
          <Alert type="success" content={t('designer.newScreen.done', { menu: menuCode })} />
          <Space>
            <Button type="primary" onClick={() => go({ screen: 'edit', name: listName })} data-testid="new-open-list">
              {t('designer.newScreen.openEditor')}
            </Button>
            <Button onClick={() => go({ screen: 'edit', name: editName })}>{editName}</Button>
          </Space>
        </Space>
      )}
    </div>
  );
}

const EXCEL_NAMES: Record<string, MenuNames> = {
  btnExport: { CN: '导出', EN: 'Export', TH: 'ส่งออก', VN: 'Xuất' },
  btnImport: { CN: '导入', EN: 'Import', TH: 'นำเข้า', VN: 'Nhập' },
};

/** A resource's names: the label of the first generated button that uses it, else the code. */
function resourceNames(code: string, pages: readonly PageDefinition[]): MenuNames {
  if (EXCEL_NAMES[code]) return EXCEL_NAMES[code];
  for (const page of pages) {
    const toolbar = page.grid?.toolbar as unknown;
    const all = [...(Array.isArray(toolbar) ? (toolbar as Action[]) : []), ...(page.grid?.rowActions ?? []), ...(page.actions ?? [])];
    const hit = all.find((a) => a.resource === code && a.label !== undefined);
    if (hit?.label !== undefined) {
      const text = textObject(hit.label);
      if (LANGS.every((l) => text[l])) return text;
    }
  }
  return { CN: code, EN: code, TH: code, VN: code };
}
