// Public API of the runtime. The app mounts <PageRenderer> inside RuntimeEnvContext.Provider after
// calling registerBuiltIns() once, and merges runtimeLocales into i18next.
import { builtInWidgets } from './form/widgets.js';
import { passwordWidgets } from './form/passwordWidget.js';
import { builtInCellTypes } from './grid/cellTypes.js';
import { builtInFormatters } from './grid/formatters.js';
import { fieldsExpand } from './grid/expandFields.js';
import { builtInActions } from './pages/actions.js';
import { attachmentWidget, uploadCellType } from './attachments/registration.js';
import { EditPage } from './pages/EditPage.js';
import { ListPage } from './pages/ListPage.js';
import { TreePage } from './tree/TreePage.js';
import { treeActions } from './tree/treeActions.js';
import { referenceWidget } from './form/referenceWidget.js';
import { richTextWidget } from './form/richTextWidget.js';
import { actions, cellTypes, expandRenderers, formatters, pageKinds, renderers, widgets } from './registry/index.js';
import { DashboardPage } from './dashboard/DashboardPage.js';
import { registerDashboardWidgets } from './dashboard/builtInWidgets.js';
import { MyExportsPage } from './excel/MyExportsPage.js';
import { downloadFileAction } from './excel/downloadFileAction.js';
import { notifyAction } from './grid/notifyAction.js';
import type { Registry } from './registry/registry.js';

function registerMissing<T>(registry: Registry<T>, items: Record<string, T>): void {
  for (const [name, item] of Object.entries(items)) if (!registry.has(name)) registry.register(name, item);
}

/** Registers the built-in page kinds, cell types, widgets and actions. Safe to call more than once. */
export function registerBuiltIns(): void {
  registerMissing(pageKinds, {
    list: {
      component: ListPage,
    },
    edit: {
      component: EditPage,
    },
    tree: {
      component: TreePage,
    },
  });
  registerMissing(cellTypes, { ...builtInCellTypes, upload: uploadCellType });
  registerMissing(widgets, { ...builtInWidgets, attachment: attachmentWidget, reference: referenceWidget, richtext: richTextWidget, ...passwordWidgets });
  registerMissing(actions, { ...builtInActions, ...treeActions, downloadFile: downloadFileAction, notify: notifyAction });
  registerMissing(renderers, {
    myExports: { component: MyExportsPage },
    // Page kind dashboard has no entity of its own: drawn like a custom page (CustomPageRenderer).
    dashboard: { component: DashboardPage },
  });
  registerDashboardWidgets();
  registerMissing(formatters, builtInFormatters);
  registerMissing(expandRenderers, { fields: fieldsExpand });
}

export { PageRenderer, CustomPageRenderer } from './pages/PageRenderer.js';
export { ListPage, EditPage, ActionBar, SearchForm, LineGrid, pageUrl, runAction } from './pages/index.js';
export {
  pageKinds,
  cellTypes,
  widgets,
  actions,
  formatters,
  expandRenderers,
  renderers,
  dashboardWidgets,
  registries,
  createRegistry,
} from './registry/index.js';
export { DashboardPage, WidgetCard } from './dashboard/DashboardPage.js';
export { ChartWidget } from './dashboard/ChartWidget.js';
export { chartOption } from './dashboard/chartOption.js';
export type { DashboardWidgetDef, DashboardWidgetProps, WidgetDefinition } from './dashboard/types.js';
export { defineClientModule, registerClientModule } from './registry/clientModule.js';
export type { ClientModule } from './registry/clientModule.js';
export { service, hasService, provideService, registerClientServices } from './registry/services.js';
export type { ServiceSlots, ServiceSlot, ProvidedServices } from './registry/services.js';
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
export { useDataProvider, useLatest } from './data/useDataProvider.js';
export type { DataProvider, ListQuery, ListResult, Row, RowKey, SortItem, LookupValue } from './data/index.js';
export { resolveText, fieldLabel } from './text/index.js';
export { EntityForm, buildFormSchema, emptyRecord, templates as arcoTemplates, registerValidators, hasValidator } from './form/index.js';
export type { PrecompiledValidate } from './form/index.js';
export { AttachmentWidget, ATTACHMENT_RESOURCES } from './attachments/AttachmentWidget.js';
export type { AttachmentWidgetProps, AttachmentButton } from './attachments/AttachmentWidget.js';
export { ImageViewer } from './attachments/ImageViewer.js';
export { PdfViewer } from './attachments/PdfViewer.js';
export * as attachmentRules from './attachments/rules.js';
export { PermitTree } from './tree/PermitTree.js';
export type { PermitNode, PermitTreeProps } from './tree/PermitTree.js';
export { TreeSection } from './tree/TreeSection.js';
export * as treeChecking from './tree/checking.js';
export { TreePage } from './tree/TreePage.js';
export { buildTree, requireTreeConfig, TreeConfigError, subtreeKeys, findNode, pathTo } from './tree/buildTree.js';
export type { TreeNode, TreeRow } from './tree/buildTree.js';
