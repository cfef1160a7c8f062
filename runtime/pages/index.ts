export { ListPage, gridNameOf } from './ListPage.js';
export { EditPage } from './EditPage.js';
export { PageRenderer } from './PageRenderer.js';
export { ActionBar, visibleActions } from './ActionBar.js';
export { SearchForm } from './SearchForm.js';
export { LineGrid } from './LineGrid.js';
export { builtInActions, runAction, stripDisplay } from './actions.js';
export { pageUrl } from './routing.js';
export { validateLines } from './lineValidation.js';
