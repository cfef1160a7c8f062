// Browser tests need Debian's Chromium and CJK/Thai fonts; install them when missing (as root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureBrowser(): void {
  const fontsOk = existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc') && existsSync('/usr/share/fonts/truetype/tlwg');
  if (existsSync(CHROMIUM) && fontsOk) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium or fonts missing: run as root, or: apt-get install -y chromium fonts-noto-cjk fonts-thai-tlwg`);
  }
  console.log('Installing Chromium and fonts (Debian packages)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk fonts-thai-tlwg', { stdio: 'inherit' });
}
