// The duplicate check compares names and credit codes as people mistype them: any case, any spacing,
// full-width letters, digits and brackets (NFKC folds them to their ASCII forms).
export function duplicateKey(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '');
}
