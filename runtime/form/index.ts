export { EntityForm } from './EntityForm.js';
export type { EntityFormProps } from './EntityForm.js';
export { buildFormSchema, emptyRecord, defaultWidget } from './schema.js';
export type { BuiltForm, FormField } from './schema.js';
export { templates } from './templates.js';
export { builtInWidgets } from './widgets.js';
export type { FormContext } from './widgets.js';
export { formValidator, localizeErrors } from './validation.js';
export { ynChecked, ynValue, YN_ERROR } from './yn.js';
