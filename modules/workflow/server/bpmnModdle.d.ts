// bpmn-moddle ships no types: the little of it the parser uses.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    [key: string]: unknown;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: { message: string }[];
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }
}
