// The rows of the demo company: realistic enough that every list has something to show.
export const BANKS: [string, string, string, string][] = [
  ['ICBC', '中国工商银行', 'ICBKCNBJ', 'CN'], ['BOC', '中国银行', 'BKCHCNBJ', 'CN'], ['CCB', '中国建设银行', 'PCBCCNBJ', 'CN'],
  ['ABC', '中国农业银行', 'ABOCCNBJ', 'CN'], ['BOCOM', '交通银行', 'COMMCNSH', 'CN'], ['CMB', '招商银行', 'CMBCCNBS', 'CN'],
  ['CIB', '兴业银行', 'FJIBCNBA', 'CN'], ['SPDB', '上海浦东发展银行', 'SPDBCNSH', 'CN'], ['CITIC', '中信银行', 'CIBKCNBJ', 'CN'],
  ['CEB', '中国光大银行', 'EVERCNBJ', 'CN'], ['HXB', '华夏银行', 'HXBKCNBJ', 'CN'], ['PAB', '平安银行', 'SZDBCNBS', 'CN'],
  ['BBL', 'Bangkok Bank', 'BKKBTHBK', 'TH'], ['KBANK', 'Kasikornbank', 'KASITHBK', 'TH'], ['SCB', 'Siam Commercial Bank', 'SICOTHBK', 'TH'],
  ['KTB', 'Krungthai Bank', 'KRTHTHBK', 'TH'], ['VCB', 'Vietcombank', 'BFTVVNVX', 'VN'], ['BIDV', 'BIDV', 'BIDVVNVX', 'VN'],
  ['TCB', 'Techcombank', 'VTCBVNVX', 'VN'], ['VTB', 'VietinBank', 'ICBVVNVX', 'VN'], ['HSBC', 'HSBC', 'HSBCHKHH', 'US'],
  ['CITI', 'Citibank', 'CITIUS33', 'US'], ['DB', 'Deutsche Bank', 'DEUTDEFF', 'DE'], ['MUFG', 'MUFG Bank', 'BOTKJPJT', 'JP'],
  ['SMBC', 'Sumitomo Mitsui Banking', 'SMBCJPJT', 'JP'],
];

export const MATERIALS: [string, string, string, string, number][] = [
  ['冷轧钢板 1.0mm', 'SPCC 1000×2000', 'KG', 'RAW', 6.8], ['热镀锌钢卷 0.8mm', 'DX51D+Z', 'KG', 'RAW', 7.25], ['铝合金型材 6063', 'T5 40×40', 'M', 'RAW', 32.5],
  ['不锈钢管 304', 'Φ25×1.5', 'M', 'RAW', 48], ['ABS 塑料粒子', 'PA-757', 'KG', 'RAW', 14.2], ['铜排 T2', '30×3', 'KG', 'RAW', 72.6],
  ['贴片电阻 10kΩ', '0603 1%', 'PCS', 'ELEC', 0.004], ['贴片电容 100nF', '0402 X7R', 'PCS', 'ELEC', 0.006], ['MCU STM32F103', 'LQFP48', 'PCS', 'ELEC', 8.9],
  ['LED 指示灯 绿色', '0805', 'PCS', 'ELEC', 0.05], ['电源模块 24V 5A', 'LRS-120-24', 'PCS', 'ELEC', 96], ['端子排 10位', 'UK2.5B', 'PCS', 'ELEC', 3.2],
  ['瓦楞纸箱 五层', '600×400×400', 'PCS', 'PACK', 9.5], ['珍珠棉 EPE', '5mm', 'M', 'PACK', 1.8], ['木托盘 1200', '1200×1000', 'PCS', 'PACK', 85],
  ['缠绕膜', '500mm×23μ', 'KG', 'PACK', 11], ['劳保手套', '丁腈涂层', 'BOX', 'MRO', 36], ['切削液', '5L 桶装', 'L', 'MRO', 22.5],
  ['轴承 6204-2RS', '20×47×14', 'PCS', 'MRO', 6.4], ['内六角螺栓 M8×30', '12.9级', 'PCS', 'MRO', 0.35], ['液压油 46#', '18L', 'L', 'MRO', 15.8],
  ['焊丝 ER50-6', 'Φ1.2', 'KG', 'MRO', 9.6], ['气动接头', 'PC8-02', 'PCS', 'MRO', 2.1], ['工具套装', '46件', 'SET', 'MRO', 168],
];

export const SUPPLIERS: [string, string, string, string, string, string][] = [
  ['S-0001', '华东精密钢材有限公司', '91310000MA1FL0001X', '王建国', '021-5888-0001', 'sales@hd-steel.example.com'],
  ['S-0002', 'Siam Electronic Components Co., Ltd.', '0105560000002', 'Somchai P.', '+66-2-555-0002', 'contact@siam-ec.example.com'],
  ['S-0003', '深圳创芯电子科技有限公司', '91440300MA5F00003K', '李明', '0755-8666-0003', 'info@cx-elec.example.com'],
  ['S-0004', 'Saigon Packaging JSC', '0312000004', 'Nguyễn Văn An', '+84-28-3800-0004', 'sales@sgpack.example.com'],
  ['S-0005', '苏州恒达包装材料有限公司', '91320500MA1M00005P', '陈芳', '0512-6777-0005', 'hd-pack@example.com'],
  ['S-0006', '宁波海工机械配件厂', '91330200MA2H00006Q', '周涛', '0574-8755-0006', 'hg-parts@example.com'],
];

export const REQUISITIONS: [string, string, string][] = [
  ['生产线改造钢材采购', 'DRAFT', '2026-11-02'], ['Q4 电子元器件备货', 'SUBMITTED', '2026-10-28'], ['包装材料月度补货', 'APPROVED', '2026-10-15'],
  ['设备维修备件', 'REJECTED', '2026-10-20'], ['新产品试制物料', 'DRAFT', '2026-11-10'], ['仓库劳保用品', 'APPROVED', '2026-09-30'],
  ['Packaging for Thailand plant', 'SUBMITTED', '2026-11-05'], ['Spare bearings for line 3', 'DRAFT', '2026-11-12'],
];

/**
 * Organisation and purchase group of each demo requisition (by index above; null: none), so that the
 * ByPermission list differs from the plain one: buyer01 (HQ, G01) is permitted exactly the first two.
 */
export const REQUISITION_PERMITS: [string | null, string | null][] = [
  ['HQ', 'G01'], ['HQ', 'G01'], ['HQ', 'G02'], ['HQ-EAST', 'G02'], ['HQ-EAST', 'G01'], ['HQ', null], ['HQ-TH', 'G01'], [null, 'G01'],
];
