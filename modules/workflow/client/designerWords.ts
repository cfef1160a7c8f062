// The designer's condition builder speaks the designer's words: lend them to this app's i18n once. Only the
// lazy chunks that show the builder (the modeler, the binding's condition) import this, with the four files.
import designerCn from '../../../designer/locales/cn.json';
import designerEn from '../../../designer/locales/en.json';
import designerTh from '../../../designer/locales/th.json';
import designerVn from '../../../designer/locales/vn.json';

let lent = false;

export function lendDesignerWords(i18n: { addResourceBundle(lng: string, ns: string, res: object, deep?: boolean, overwrite?: boolean): unknown }): void {
  if (lent) return;
  lent = true;
  const files = { CN: designerCn, EN: designerEn, TH: designerTh, VN: designerVn } as Record<string, { designer: Record<string, unknown> }>;
  for (const [lang, file] of Object.entries(files))
    i18n.addResourceBundle(lang, 'translation', { designer: { condition: file.designer.condition, remove: file.designer.remove } }, true, false);
}
