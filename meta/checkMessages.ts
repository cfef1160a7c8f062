// The words of the cross-checks on pages and menus, in the four languages: the designer shows them to
// administrators in their language; the command line (generators/checkDefinitions.ts) prints English.
export type CheckLanguage = 'CN' | 'EN' | 'TH' | 'VN';
export type CheckParams = Record<string, string | number>;

/** One broken reference: where (`page x`, `menus.json menu Y`, `entity z`), what, and its values. */
export interface CheckProblem {
  where: string;
  key: CheckKey;
  params: CheckParams;
}

const M = {
  customNeedsRenderer: {
    EN: '{path} is required for kind custom',
    CN: '{path} 必填：custom 类型的页面需要 renderer',
    TH: '{path} จำเป็นสำหรับหน้าแบบ custom',
    VN: '{path} là bắt buộc với trang loại custom',
  },
  rendererOnlyCustom: {
    EN: '{path} is only for kind custom',
    CN: '{path} 只用于 custom 类型的页面',
    TH: '{path} ใช้ได้เฉพาะหน้าแบบ custom',
    VN: '{path} chỉ dùng cho trang loại custom',
  },
  unknownEntity: {
    EN: '{path} unknown entity {entity}',
    CN: '{path} 实体 {entity} 不存在',
    TH: '{path} ไม่มีเอนทิตี {entity}',
    VN: '{path} không có thực thể {entity}',
  },
  notAnAction: {
    EN: '{path} {operation} is not an action of {entity}',
    CN: '{path} {operation} 不是 {entity} 的操作',
    TH: '{path} {operation} ไม่ใช่การดำเนินการของ {entity}',
    VN: '{path} {operation} không phải thao tác của {entity}',
  },
  transitionResource: {
    EN: '{path} must be {resource}, the resource {entity} declares for {action}',
    CN: '{path} 必须是 {resource}（{entity} 为 {action} 声明的资源）',
    TH: '{path} ต้องเป็น {resource} ซึ่ง {entity} กำหนดไว้สำหรับ {action}',
    VN: '{path} phải là {resource}, tài nguyên {entity} khai báo cho {action}',
  },
  needsResource: {
    EN: '{path} calls the server and needs a resource',
    CN: '{path} 会调用服务端，必须设置资源编码',
    TH: '{path} เรียกเซิร์ฟเวอร์ จึงต้องกำหนดทรัพยากร',
    VN: '{path} gọi máy chủ nên cần tài nguyên',
  },
  notAField: {
    EN: '{path} {field} is not a field of {entity}',
    CN: '{path} {field} 不是 {entity} 的字段',
    TH: '{path} {field} ไม่ใช่ฟิลด์ของ {entity}',
    VN: '{path} {field} không phải trường của {entity}',
  },
  notAListAction: {
    EN: '{path} {api} is not a list action of {entity}',
    CN: '{path} {api} 不是 {entity} 的列表查询接口',
    TH: '{path} {api} ไม่ใช่การค้นหารายการของ {entity}',
    VN: '{path} {api} không phải thao tác danh sách của {entity}',
  },
  notAReadOperation: {
    EN: '{path} {operation} is not a declared read operation of {entity}',
    CN: '{path} {operation} 不是 {entity} 声明的查询操作（access: read）',
    TH: '{path} {operation} ไม่ใช่การอ่านที่ {entity} ประกาศไว้',
    VN: '{path} {operation} không phải thao tác đọc mà {entity} khai báo',
  },
  notAFilter: {
    EN: '{path} {field} is not a filter of {entity}',
    CN: '{path} {field} 不是 {entity} 的查询条件',
    TH: '{path} {field} ไม่ใช่เงื่อนไขค้นหาของ {entity}',
    VN: '{path} {field} không phải điều kiện lọc của {entity}',
  },
  sortNotIndexed: {
    EN: '{path} {field} is offered as sortable but {entity} has no index for it: list it in the entity\'s "sortable" (npm run gen then adds the index)',
    CN: '{path} {field} 可排序，但 {entity} 没有对应索引：请把它加入实体的 "sortable"（npm run gen 会生成索引）',
    TH: '{path} {field} เปิดให้เรียงลำดับ แต่ {entity} ไม่มีดัชนีสำหรับฟิลด์นี้: ใส่ไว้ใน "sortable" ของเอนทิตี (npm run gen จะสร้างดัชนี)',
    VN: '{path} {field} cho phép sắp xếp nhưng {entity} không có chỉ mục cho trường này: thêm vào "sortable" của thực thể (npm run gen sẽ tạo chỉ mục)',
  },
  filterNotIndexed: {
    EN: '{path} {field} is offered as a filter but {entity} has no index for it: give the field "index": true (npm run gen then adds the index)',
    CN: '{path} {field} 用作查询条件，但 {entity} 没有对应索引：请给该字段设置 "index": true（npm run gen 会生成索引）',
    TH: '{path} {field} ใช้เป็นเงื่อนไขค้นหา แต่ {entity} ไม่มีดัชนีสำหรับฟิลด์นี้: กำหนด "index": true ให้ฟิลด์ (npm run gen จะสร้างดัชนี)',
    VN: '{path} {field} dùng làm điều kiện lọc nhưng {entity} không có chỉ mục cho trường này: đặt "index": true cho trường (npm run gen sẽ tạo chỉ mục)',
  },
  filterNone: {
    EN: '{path} {field} has filter none',
    CN: '{path} {field} 不允许作为查询条件（filter 为 none）',
    TH: '{path} {field} ไม่อนุญาตให้ใช้ค้นหา (filter none)',
    VN: '{path} {field} không cho phép lọc (filter none)',
  },
  notALine: {
    EN: '{path} {name} is not in {entity}.lines',
    CN: '{path} {name} 不是 {entity} 的行',
    TH: '{path} {name} ไม่อยู่ใน {entity}.lines',
    VN: '{path} {name} không nằm trong {entity}.lines',
  },
  notReadOperation: {
    EN: '{path} {operation} is not a read operation of {entity}',
    CN: '{path} {operation} 不是 {entity} 的读取操作',
    TH: '{path} {operation} ไม่ใช่การอ่านของ {entity}',
    VN: '{path} {operation} không phải thao tác đọc của {entity}',
  },
  notWriteOperation: {
    EN: '{path} {operation} is not a write operation of {entity}',
    CN: '{path} {operation} 不是 {entity} 的写入操作',
    TH: '{path} {operation} ไม่ใช่การเขียนของ {entity}',
    VN: '{path} {operation} không phải thao tác ghi của {entity}',
  },
  unknownPage: {
    EN: '{path} unknown page {page}',
    CN: '{path} 页面 {page} 不存在',
    TH: '{path} ไม่มีหน้า {page}',
    VN: '{path} không có trang {page}',
  },
  treeRequired: {
    EN: '{path} is required for kind tree (key, parentKey, levelKey)',
    CN: '{path} 必填：树形页面需要 key、parentKey、levelKey',
    TH: '{path} จำเป็นสำหรับหน้าแบบต้นไม้ (key, parentKey, levelKey)',
    VN: '{path} là bắt buộc với trang dạng cây (key, parentKey, levelKey)',
  },
  treeFormRequired: {
    EN: '{path} is required for kind tree (the selected node is edited in it)',
    CN: '{path} 必填：树形页面在表单中编辑选中的节点',
    TH: '{path} จำเป็นสำหรับหน้าแบบต้นไม้ (ใช้แก้ไขโหนดที่เลือก)',
    VN: '{path} là bắt buộc với trang dạng cây (để sửa nút được chọn)',
  },
  treeKey: {
    EN: '{path} {value} must be the key of {entity} ({expected})',
    CN: '{path} {value} 必须是 {entity} 的主键（{expected}）',
    TH: '{path} {value} ต้องเป็นคีย์ของ {entity} ({expected})',
    VN: '{path} {value} phải là khóa của {entity} ({expected})',
  },
  treeEntity: {
    EN: '{path} entity {entity} declares no tree (parent, level)',
    CN: '{path} 实体 {entity} 没有声明树结构（parent、level）',
    TH: '{path} เอนทิตี {entity} ไม่ได้กำหนดโครงสร้างต้นไม้ (parent, level)',
    VN: '{path} thực thể {entity} không khai báo cây (parent, level)',
  },
  treeParentKey: {
    EN: '{path} {value} must be {expected}, the parent field of {entity}',
    CN: '{path} {value} 必须是 {expected}（{entity} 的上级字段）',
    TH: '{path} {value} ต้องเป็น {expected} ซึ่งเป็นฟิลด์แม่ของ {entity}',
    VN: '{path} {value} phải là {expected}, trường cha của {entity}',
  },
  treeLevelKey: {
    EN: '{path} {value} must be {expected}, the level field of {entity}',
    CN: '{path} {value} 必须是 {expected}（{entity} 的层级字段）',
    TH: '{path} {value} ต้องเป็น {expected} ซึ่งเป็นฟิลด์ระดับของ {entity}',
    VN: '{path} {value} phải là {expected}, trường cấp của {entity}',
  },
  treeTitleFields: {
    EN: '{path} needed: {entity} declares no display fields',
    CN: '{path} 必填：{entity} 没有声明显示字段',
    TH: '{path} จำเป็น: {entity} ไม่ได้กำหนดฟิลด์แสดงผล',
    VN: '{path} là cần thiết: {entity} không khai báo trường hiển thị',
  },
  aliasIsPage: {
    EN: 'alias {alias} is the name of a page',
    CN: '别名 {alias} 与页面名称相同',
    TH: 'ชื่อแฝง {alias} ซ้ำกับชื่อหน้า',
    VN: 'Bí danh {alias} trùng tên một trang',
  },
  menuCodeTwice: {
    EN: 'menuCode used twice',
    CN: '菜单编码重复',
    TH: 'ใช้รหัสเมนูซ้ำ',
    VN: 'Mã menu bị dùng hai lần',
  },
  menuResourceMissing: {
    EN: 'page {page} uses resource {resource} that the menu does not declare',
    CN: '页面 {page} 使用了菜单未声明的资源 {resource}',
    TH: 'หน้า {page} ใช้ทรัพยากร {resource} ที่เมนูไม่ได้กำหนด',
    VN: 'Trang {page} dùng tài nguyên {resource} mà menu không khai báo',
  },
  menuExportMissing: {
    EN: 'page {page} shows Export but the menu does not declare resource btnExport',
    CN: '页面 {page} 显示了导出按钮，但菜单未声明资源 btnExport',
    TH: 'หน้า {page} แสดงปุ่มส่งออก แต่เมนูไม่ได้กำหนดทรัพยากร btnExport',
    VN: 'Trang {page} hiện nút Xuất nhưng menu không khai báo tài nguyên btnExport',
  },
  menuImportMissing: {
    EN: 'page {page} shows Import but the menu does not declare resource btnImport',
    CN: '页面 {page} 显示了导入按钮，但菜单未声明资源 btnImport',
    TH: 'หน้า {page} แสดงปุ่มนำเข้า แต่เมนูไม่ได้กำหนดทรัพยากร btnImport',
    VN: 'Trang {page} hiện nút Nhập nhưng menu không khai báo tài nguyên btnImport',
  },
  widgetNeeds: {
    EN: '{path} is required for a {type} widget',
    CN: '{path} 必填：{type} 组件需要它',
    TH: '{path} จำเป็นสำหรับวิดเจ็ตแบบ {type}',
    VN: '{path} là bắt buộc với thành phần loại {type}',
  },
  widgetUnknownAggregate: {
    EN: '{path} {aggregate} is not an aggregate of {entity}',
    CN: '{path} {aggregate} 不是 {entity} 的统计',
    TH: '{path} {aggregate} ไม่ใช่การสรุปของ {entity}',
    VN: '{path} {aggregate} không phải phép tổng hợp của {entity}',
  },
  widgetUnknownKey: {
    EN: '{path} {key} is not in what the widget reads (allowed: {allowed})',
    CN: '{path} {key} 不在该组件读取的数据中（可用：{allowed}）',
    TH: '{path} {key} ไม่อยู่ในข้อมูลที่วิดเจ็ตอ่าน (ที่ใช้ได้: {allowed})',
    VN: '{path} {key} không có trong dữ liệu thành phần đọc (có thể dùng: {allowed})',
  },
  widgetNameTwice: {
    EN: '{path} widget name {name} is used twice',
    CN: '{path} 组件名称 {name} 重复',
    TH: '{path} ชื่อวิดเจ็ต {name} ซ้ำกัน',
    VN: '{path} tên thành phần {name} bị trùng',
  },
  /** Entity checks speak to implementers only (entities are not edited in the designer). */
  entityText: { EN: '{text}', CN: '{text}', TH: '{text}', VN: '{text}' },
} as const satisfies Record<string, Record<CheckLanguage, string>>;

export type CheckKey = keyof typeof M;
export const CHECK_MESSAGES: Readonly<Record<CheckKey, Readonly<Record<CheckLanguage, string>>>> = M;

export function formatCheck(p: Pick<CheckProblem, 'key' | 'params'>, lang: CheckLanguage): string {
  return CHECK_MESSAGES[p.key][lang].replace(/\{(\w+)\}/g, (all, name: string) => (name in p.params ? String(p.params[name]) : all));
}
