// Public API of the runtime. The app mounts <PageRenderer> inside RuntimeEnvContext.Provider after
// calling registerBuiltIns() once, and merges runtimeLocales into i18next.
import { builtInWidgets } from './form/widgets.js';
import { builtInCellTypes } from './grid/cellTypes.js';
import { builtInActions } from './pages/actions.js';
import { attachmentWidget, uploadCellType } from './attachments/registration.js';
import { EditPage } from './pages/EditPage.js';
import { ListPage } from './pages/ListPage.js';
import { actions, cellTypes, pageKinds, widgets } from './registry/index.js';
import type { Registry } from './registry/registry.js';

function registerMissing<T>(registry: Registry<T>, items: Record<string, T>): void {
  for (const [name, item] of Object.entries(items)) if (!registry.has(name)) registry.register(name, item);
}

/** Registers the built-in page kinds, cell types, widgets and actions. Safe to call more than once. */
export function registerBuiltIns(): void {
  registerMissing(pageKinds, {
    list: { component: ListPage, configSchema: { type: 'object', required: ['grid'], properties: { grid: { type: 'object' }, search: { type: 'array' }, editPage: { type: 'string' } } } },
    edit: { component: EditPage, configSchema: { type: 'object', required: ['form'], properties: { form: { type: 'object' }, lines: { type: 'array' }, actions: { type: 'array' }, listPage: { type: 'string' } } } },
  });
  registerMissing(cellTypes, { ...builtInCellTypes, upload: uploadCellType });
  registerMissing(widgets, { ...builtInWidgets, attachment: attachmentWidget });
  registerMissing(actions, builtInActions);
}

export { PageRenderer } from './pages/PageRenderer.js';
export { ListPage, EditPage, ActionBar, SearchForm, LineGrid, pageUrl, runAction } from './pages/index.js';
export { pageKinds, cellTypes, widgets, actions, registries, createRegistry } from './registry/index.js';
export type * from './registry/index.js';
export { DataGrid } from './grid/DataGrid.js';
export type { DataGridProps, DataGridPaging } from './grid/DataGrid.js';
export { cellCenter, ROW_HEIGHT, HEADER_HEIGHT } from './grid/layout.js';
export type { GridLayout } from './grid/layout.js';
export { formatNumber, formatDate, rowNumber } from './grid/format.js';
export { runtimeLocales, flattenKeys } from './locales/index.js';
export type { LocaleTree } from './locales/index.js';
export * as conditions from './conditions/index.js';
export { evaluateCondition, evaluateFlag } from './conditions/index.js';
export { createDataProvider, clearLookupCache, loadLookup, peekLookup, useLookups, familyPath } from './data/index.js';
export type { DataProvider, ListQuery, ListResult, Row, RowKey, SortItem, LookupValue } from './data/index.js';
export { resolveText, fieldLabel } from './text/index.js';
export { EntityForm, buildFormSchema, emptyRecord, templates as arcoTemplates } from './form/index.js';
export { AttachmentWidget, ATTACHMENT_RESOURCES } from './attachments/AttachmentWidget.js';
export type { AttachmentWidgetProps, AttachmentButton } from './attachments/AttachmentWidget.js';
export { ImageViewer } from './attachments/ImageViewer.js';
export { PdfViewer } from './attachments/PdfViewer.js';
export * as attachmentRules from './attachments/rules.js';
