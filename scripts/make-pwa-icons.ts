/**
 * Draws the installed app's PNG icons from the logo (apps/web/public/favicon.svg) in Debian's Chromium:
 * launchers want bitmaps, and committing them keeps the build free of an image toolchain. Run it again
 * after changing the logo: `npx tsx scripts/make-pwa-icons.ts`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';

const webPublic = join(import.meta.dirname, '..', 'apps', 'web', 'public');
/** The logo's own background, which a maskable icon must fill edge to edge. */
const LOGO_BACKGROUND = '#4f46e5';

interface Icon {
  file: string;
  size: number;
  /** A maskable icon keeps its drawing inside the central 80% circle that every launcher's mask leaves. */
  maskable: boolean;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

function pageFor(svg: string, { size, maskable }: Icon): string {
  const logoSize = maskable ? Math.round(size * 0.7) : size;
  const background = maskable ? LOGO_BACKGROUND : 'transparent';
  return `<!doctype html><style>html,body{margin:0;background:${background}}
    div{width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center}
    svg{width:${logoSize}px;height:${logoSize}px}</style><div>${svg}</div>`;
}

const svg = await readFile(join(webPublic, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(pageFor(svg, icon));
    await page.screenshot({ path: join(webPublic, 'icons', icon.file), omitBackground: !icon.maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
