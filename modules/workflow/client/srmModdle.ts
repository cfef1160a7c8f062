// The srm: attributes (assignee rules, countersign) for bpmn-js: the same package the server parses with.
export { srmModdlePackage as srmModdle, SRM_NAMESPACE } from '../srmModdle';
