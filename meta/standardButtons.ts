// Standard buttons (resources) a menu names by set or code (`buttons: "crud+io"`) instead of restating each
// button in four languages. A menu's own `resources` still declare anything else (btnRebuild, …).
import type { Text } from './generated/definitions.js';

export const STANDARD_BUTTONS: Readonly<Record<string, Exclude<Text, string>>> = {
  btnAdd: { CN: '新增', EN: 'Add', TH: 'เพิ่ม', VN: 'Thêm' },
  btnEdit: { CN: '编辑', EN: 'Edit', TH: 'แก้ไข', VN: 'Sửa' },
  btnView: { CN: '查看', EN: 'View', TH: 'ดู', VN: 'Xem' },
  btnSave: { CN: '保存', EN: 'Save', TH: 'บันทึก', VN: 'Lưu' },
  btnDelete: { CN: '删除', EN: 'Delete', TH: 'ลบ', VN: 'Xóa' },
  btnExport: { CN: '导出', EN: 'Export', TH: 'ส่งออก', VN: 'Xuất' },
  btnImport: { CN: '导入', EN: 'Import', TH: 'นำเข้า', VN: 'Nhập' },
  btnUploadAttachment: { CN: '上传附件', EN: 'Upload attachment', TH: 'อัปโหลดไฟล์แนบ', VN: 'Tải lên tệp đính kèm' },
  btnPreviewAttachment: { CN: '预览附件', EN: 'Preview attachment', TH: 'ดูตัวอย่างไฟล์แนบ', VN: 'Xem trước tệp đính kèm' },
  btnDownloadAttachment: { CN: '下载附件', EN: 'Download attachment', TH: 'ดาวน์โหลดไฟล์แนบ', VN: 'Tải xuống tệp đính kèm' },
  btnDelAttachment: { CN: '删除附件', EN: 'Delete attachment', TH: 'ลบไฟล์แนบ', VN: 'Xóa tệp đính kèm' },
  btnSubmit: { CN: '提交', EN: 'Submit', TH: 'ส่ง', VN: 'Gửi' },
  btnWithdraw: { CN: '撤回', EN: 'Withdraw', TH: 'ถอน', VN: 'Thu hồi' },
  btnApprove: { CN: '审批通过', EN: 'Approve', TH: 'อนุมัติ', VN: 'Phê duyệt' },
  btnReject: { CN: '驳回', EN: 'Reject', TH: 'ปฏิเสธ', VN: 'Từ chối' },
  btnPublish: { CN: '发布', EN: 'Publish', TH: 'เผยแพร่', VN: 'Đăng' },
};

export const BUTTON_SETS: Readonly<Record<string, readonly string[]>> = {
  crud: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete'],
  io: ['btnExport', 'btnImport'],
  attachments: ['btnUploadAttachment', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnDelAttachment'],
};

/** `crud+io+btnSubmit` → the button codes in order, or the unknown part. */
export function expandButtons(spec: string): { codes: string[]; unknown: string[] } {
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const part of spec.split('+')) {
    const members = Object.hasOwn(BUTTON_SETS, part) ? BUTTON_SETS[part] : Object.hasOwn(STANDARD_BUTTONS, part) ? [part] : undefined;
    if (!members) unknown.push(part);
    else for (const c of members) if (!codes.includes(c)) codes.push(c);
  }
  return { codes, unknown };
}
