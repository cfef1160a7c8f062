// The srm: moddle package lives beside the module's client and server parts (../srmModdle.ts): the
// server's parser and the browser's bpmn-js read and write the same attributes.
export { SRM_NAMESPACE, srmModdlePackage } from '../srmModdle.js';
