// The "product photos" of the home page's made-up businesses (tools/render-examples.ts), drawn as
// SVG cut-outs on a transparent background, as a shop's packshot would be: a laptop showing
// Ledgerly's invoices, a Tidewater steel bottle, a phone open on Habitloop's checklist. Text is
// drawn by satori as glyph paths in Inter (compose/fonts.ts), so no machine font is involved.
import satori from 'satori';
import { type FontWeight, loadFonts, textWidth } from '#generation/compose/fonts.ts';

export interface ProductShot {
  svg: string;
  width: number;
  height: number;
}

interface TextOptions {
  size: number;
  weight: FontWeight;
  color: string;
  letterSpacingEm?: number;
  anchor?: 'start' | 'middle' | 'end';
}

const fonts = () =>
  [...loadFonts().values()].map(({ data, weight }) => ({ name: 'Inter', data, weight, style: 'normal' as const }));

/** `value` as glyph paths, its baseline at (x, y), as a nested <svg> to put in a drawing. */
async function text(value: string, x: number, y: number, options: TextOptions): Promise<string> {
  const { size, weight, color, letterSpacingEm = 0, anchor = 'start' } = options;
  const width = Math.ceil(textWidth(value, weight, size, letterSpacingEm)) + 4;
  const height = Math.ceil(size * 1.25);
  const svg = await satori(
    <div
      style={{
        display: 'flex',
        fontFamily: 'Inter',
        fontSize: size,
        fontWeight: weight,
        color,
        letterSpacing: `${letterSpacingEm}em`,
        lineHeight: 1.25,
      }}
    >
      {value}
    </div>,
    { width, height, fonts: fonts() },
  );
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  // Inter's ascender sits at about 0.97 em above the baseline in a 1.25 line box.
  return svg.replace('<svg ', `<svg x="${left.toFixed(1)}" y="${(y - size * 1.095).toFixed(1)}" `);
}

const shadow = (id: string, blur: number) =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${blur}"/></filter>`;

/** Ledgerly: a laptop open on the invoices dashboard, paid invoices in green, a reminder on its way. */
export async function ledgerlyLaptop(): Promise<ProductShot> {
  const width = 1400;
  const height = 830;
  const screen = { x: 230, y: 70, w: 940, h: 600 };
  const side = 190;
  const main = screen.x + side + 30;
  const bars = [140, 175, 160, 215, 250, 238, 300, 345];
  const rows = [
    { id: 'INV-2291', client: 'Harbor & Co.', amount: '$4,800', status: 'Paid', fill: '#dcfce7', ink: '#15803d' },
    {
      id: 'INV-2290',
      client: 'Blue Fern Studio',
      amount: '$1,250',
      status: 'Reminder sent',
      fill: '#fef3c7',
      ink: '#b45309',
    },
    { id: 'INV-2289', client: 'Northline Dental', amount: '$2,160', status: 'Paid', fill: '#dcfce7', ink: '#15803d' },
  ];
  const labels = await Promise.all([
    text('Ledgerly', screen.x + 28, screen.y + 58, { size: 26, weight: 800, color: '#ffffff' }),
    ...['Dashboard', 'Invoices', 'Clients', 'Reminders', 'Bank sync'].map((item, index) =>
      text(item, screen.x + 28, screen.y + 128 + index * 46, {
        size: 17,
        weight: 600,
        color: index === 1 ? '#ffffff' : '#a5b4fc',
      }),
    ),
    text('Paid this month', main, screen.y + 62, { size: 17, weight: 600, color: '#64748b' }),
    text('$48,210', main, screen.y + 122, { size: 54, weight: 800, color: '#0f172a' }),
    text('+32% vs last month', main + 250, screen.y + 118, { size: 17, weight: 800, color: '#16a34a' }),
    text('Avg. days to paid', main + 500, screen.y + 62, { size: 17, weight: 600, color: '#64748b' }),
    text('9 days', main + 500, screen.y + 118, { size: 38, weight: 800, color: '#4338ca' }),
    ...rows.flatMap((row, index) => {
      const y = screen.y + 430 + index * 54;
      return [
        text(row.id, main + 8, y, { size: 17, weight: 800, color: '#0f172a' }),
        text(row.client, main + 120, y, { size: 17, weight: 600, color: '#334155' }),
        text(row.amount, main + 420, y, { size: 17, weight: 800, color: '#0f172a', anchor: 'end' }),
        text(row.status, main + 600, y, { size: 15, weight: 800, color: row.ink, anchor: 'middle' }),
      ];
    }),
  ]);
  const chartBottom = screen.y + 370;
  return {
    width,
    height,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e2e8f0"/><stop offset="0.45" stop-color="#cbd5e1"/><stop offset="1" stop-color="#64748b"/></linearGradient>
    <linearGradient id="lid" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#334155"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
    <linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#818cf8"/><stop offset="1" stop-color="#4f46e5"/></linearGradient>
    <linearGradient id="glare" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    ${shadow('soft', 18)}
  </defs>
  <ellipse cx="${width / 2}" cy="${screen.y + screen.h + 100}" rx="640" ry="22" fill="#000000" opacity="0.4" filter="url(#soft)"/>
  <rect x="${screen.x - 28}" y="${screen.y - 28}" width="${screen.w + 56}" height="${screen.h + 52}" rx="30" fill="url(#lid)"/>
  <rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="${screen.h}" rx="6" fill="#f8fafc"/>
  <rect x="${screen.x}" y="${screen.y}" width="${side}" height="${screen.h}" rx="6" fill="#312e81"/>
  <rect x="${screen.x + 14}" y="${screen.y + 152}" width="${side - 28}" height="40" rx="10" fill="#4338ca"/>
  <rect x="${main - 14}" y="${screen.y + 168}" width="${screen.x + screen.w - main - 16}" height="220" rx="16" fill="#ffffff" stroke="#e2e8f0" stroke-width="2"/>
  ${bars
    .map(
      (barHeight, index) =>
        `<rect x="${main + 16 + index * 84}" y="${chartBottom - barHeight / 2}" width="52" height="${barHeight / 2}" rx="8" fill="url(#bar)"/>`,
    )
    .join('\n  ')}
  <polyline points="${bars.map((barHeight, index) => `${main + 42 + index * 84},${chartBottom - barHeight / 2 - 22}`).join(' ')}" fill="none" stroke="#22c55e" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
  ${rows
    .map((row, index) => {
      const y = screen.y + 404 + index * 54;
      return `<rect x="${main - 14}" y="${y}" width="${screen.x + screen.w - main - 16}" height="44" rx="10" fill="#ffffff" stroke="#e2e8f0" stroke-width="2"/>
  <rect x="${main + 600 - 70}" y="${y + 8}" width="140" height="28" rx="14" fill="${row.fill}"/>`;
    })
    .join('\n  ')}
  ${labels.join('\n  ')}
  <rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="${screen.h}" rx="6" fill="url(#glare)"/>
  <path d="M 120 ${screen.y + screen.h + 24} L 1280 ${screen.y + screen.h + 24} L 1360 ${screen.y + screen.h + 74} Q 1360 ${screen.y + screen.h + 96} 1330 ${screen.y + screen.h + 96} L 70 ${screen.y + screen.h + 96} Q 40 ${screen.y + screen.h + 96} 40 ${screen.y + screen.h + 74} Z" fill="url(#deck)"/>
  <rect x="${width / 2 - 110}" y="${screen.y + screen.h + 24}" width="220" height="16" rx="8" fill="#94a3b8"/>
</svg>`,
  };
}

/** Tidewater: a powder-coated steel bottle with its wave logo, cold enough to bead with condensation. */
export async function tidewaterBottle(): Promise<ProductShot> {
  const width = 640;
  const height = 1220;
  const body = { x: 150, y: 400, w: 340, h: 750 };
  const droplets = [
    [205, 520, 7],
    [232, 610, 5],
    [430, 470, 6],
    [410, 900, 8],
    [250, 1000, 6],
    [445, 760, 5],
    [190, 820, 5],
    [330, 960, 7],
  ] as const;
  const labels = await Promise.all([
    text('TIDEWATER', width / 2, 700, {
      size: 44,
      weight: 900,
      color: '#ffffff',
      letterSpacingEm: 0.06,
      anchor: 'middle',
    }),
    text('ICE FOR 36 HOURS', width / 2, 748, {
      size: 22,
      weight: 600,
      color: '#cffafe',
      letterSpacingEm: 0.2,
      anchor: 'middle',
    }),
    text('24 OZ · 710 ML', width / 2, 1060, {
      size: 20,
      weight: 600,
      color: '#a5f3fc',
      letterSpacingEm: 0.2,
      anchor: 'middle',
    }),
  ]);
  return {
    width,
    height,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="coat" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b4f63"/><stop offset="0.22" stop-color="#22b8cf"/><stop offset="0.38" stop-color="#5eead4"/><stop offset="0.55" stop-color="#0e8fa8"/><stop offset="1" stop-color="#073b4c"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#64748b"/><stop offset="0.3" stop-color="#f1f5f9"/><stop offset="0.55" stop-color="#cbd5e1"/><stop offset="1" stop-color="#475569"/></linearGradient>
    <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0f172a"/><stop offset="0.35" stop-color="#475569"/><stop offset="0.6" stop-color="#1e293b"/><stop offset="1" stop-color="#020617"/></linearGradient>
    ${shadow('soft', 16)}
    ${shadow('sheen', 6)}
  </defs>
  <ellipse cx="${width / 2}" cy="${body.y + body.h + 6}" rx="220" ry="20" fill="#000000" opacity="0.4" filter="url(#soft)"/>
  <path d="M 250 80 Q 320 10 390 80" fill="none" stroke="url(#cap)" stroke-width="26" stroke-linecap="round"/>
  <rect x="215" y="90" width="210" height="150" rx="34" fill="url(#cap)"/>
  <rect x="229" y="214" width="182" height="10" rx="5" fill="#020617" opacity="0.5"/>
  <rect x="236" y="236" width="168" height="50" fill="url(#steel)"/>
  <path d="M 236 280 L 404 280 C 404 340 ${body.x + body.w} 330 ${body.x + body.w} ${body.y + 10} L ${body.x} ${body.y + 10} C ${body.x} 330 236 340 236 280 Z" fill="url(#coat)"/>
  <rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h - 40}" fill="url(#coat)"/>
  <rect x="${body.x}" y="${body.y + body.h - 80}" width="${body.w}" height="80" rx="40" fill="url(#steel)"/>
  <rect x="${body.x + 52}" y="${body.y + 20}" width="26" height="${body.h - 140}" rx="13" fill="#ffffff" opacity="0.35" filter="url(#sheen)"/>
  <path d="M 232 612 q 22 -26 44 0 t 44 0 t 44 0 t 44 0" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round"/>
  <path d="M 254 586 q 22 -26 44 0 t 44 0 t 44 0" fill="none" stroke="#a5f3fc" stroke-width="7" stroke-linecap="round"/>
  ${labels.join('\n  ')}
  ${droplets
    .map(
      ([x, y, r]) =>
        `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 1.3}" fill="#ffffff" opacity="0.45"/><ellipse cx="${x - r * 0.3}" cy="${y - r * 0.4}" rx="${r * 0.35}" ry="${r * 0.45}" fill="#ffffff" opacity="0.9"/>`,
    )
    .join('\n  ')}
</svg>`,
  };
}

/** Habitloop: a phone open on today's checklist, three habits done, a 21-day streak and a friend's cheer. */
export async function habitloopPhone(): Promise<ProductShot> {
  const width = 700;
  const height = 1340;
  const phone = { x: 60, y: 40, w: 580, h: 1220 };
  const screen = { x: phone.x + 22, y: phone.y + 22, w: phone.w - 44, h: phone.h - 44 };
  const left = screen.x + 40;
  const habits = ['Drink water', 'Read 10 pages', 'Walk 20 min', 'Stretch', 'Meditate'];
  const done = 3;
  const listTop = screen.y + 420;
  const labels = await Promise.all([
    text('9:41', screen.x + 70, screen.y + 52, { size: 24, weight: 800, color: '#111827' }),
    text('Today', left, screen.y + 160, { size: 56, weight: 900, color: '#111827' }),
    text('21-day streak', left, screen.y + 212, { size: 26, weight: 800, color: '#db2777' }),
    text(`${done} of ${habits.length}`, screen.x + screen.w - 130, screen.y + 180, {
      size: 26,
      weight: 900,
      color: '#111827',
      anchor: 'middle',
    }),
    text('+  Add a habit', screen.x + screen.w / 2, screen.y + 1092, {
      size: 26,
      weight: 800,
      color: '#ffffff',
      anchor: 'middle',
    }),
    text('Maya cheered your streak', left + 84, screen.y + 318, { size: 22, weight: 800, color: '#111827' }),
    text('"3 weeks! Keep going"', left + 84, screen.y + 350, { size: 20, weight: 600, color: '#6b7280' }),
    ...habits.map((habit, index) =>
      text(habit, left + 92, listTop + 62 + index * 122, {
        size: 28,
        weight: 800,
        color: index < done ? '#111827' : '#374151',
      }),
    ),
    ...habits.map((_, index) =>
      text(index < done ? 'Done' : 'Tap to check', screen.x + screen.w - 60, listTop + 60 + index * 122, {
        size: 18,
        weight: 600,
        color: index < done ? '#db2777' : '#9ca3af',
        anchor: 'end',
      }),
    ),
  ]);
  const ring = { cx: screen.x + screen.w - 130, cy: screen.y + 170, r: 62 };
  const circumference = 2 * Math.PI * ring.r;
  return {
    width,
    height,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="frame" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#4b5563"/><stop offset="0.08" stop-color="#1f2937"/><stop offset="0.92" stop-color="#111827"/><stop offset="1" stop-color="#4b5563"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="0.4" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="pink" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f472b6"/><stop offset="1" stop-color="#db2777"/></linearGradient>
    ${shadow('soft', 20)}
  </defs>
  <ellipse cx="${width / 2}" cy="${phone.y + phone.h + 14}" rx="260" ry="26" fill="#000000" opacity="0.3" filter="url(#soft)"/>
  <rect x="${phone.x}" y="${phone.y}" width="${phone.w}" height="${phone.h}" rx="92" fill="url(#frame)"/>
  <rect x="${phone.x - 6}" y="${phone.y + 230}" width="8" height="90" rx="4" fill="#374151"/>
  <rect x="${phone.x + phone.w - 2}" y="${phone.y + 280}" width="8" height="140" rx="4" fill="#374151"/>
  <rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="${screen.h}" rx="72" fill="#fdf2f8"/>
  <rect x="${screen.x + screen.w / 2 - 80}" y="${screen.y + 22}" width="160" height="44" rx="22" fill="#0b0b0f"/>
  <circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="#fbcfe8" stroke-width="16"/>
  <circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="url(#pink)" stroke-width="16" stroke-linecap="round" stroke-dasharray="${((circumference * done) / habits.length).toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 ${ring.cx} ${ring.cy})"/>
  <rect x="${left - 16}" y="${screen.y + 262}" width="${screen.w - 48}" height="116" rx="28" fill="#ffffff"/>
  <circle cx="${left + 36}" cy="${screen.y + 320}" r="30" fill="#f9a8d4"/>
  <circle cx="${left + 36}" cy="${screen.y + 310}" r="11" fill="#ffffff" opacity="0.9"/>
  <path d="M ${left + 16} ${screen.y + 340} q 20 -22 40 0" fill="#ffffff" opacity="0.9"/>
  ${habits
    .map((_, index) => {
      const y = listTop + index * 122;
      const checked = index < done;
      return `<rect x="${left - 16}" y="${y}" width="${screen.w - 48}" height="100" rx="26" fill="${checked ? '#fce7f3' : '#ffffff'}"/>
  <circle cx="${left + 36}" cy="${y + 50}" r="24" fill="${checked ? 'url(#pink)' : '#ffffff'}" stroke="${checked ? '#db2777' : '#d1d5db'}" stroke-width="4"/>
  ${checked ? `<path d="M ${left + 24} ${y + 50} l 9 9 l 16 -18" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` : ''}`;
    })
    .join('\n  ')}
  <rect x="${left - 16}" y="${screen.y + 1040}" width="${screen.w - 48}" height="76" rx="38" fill="url(#pink)"/>
  ${labels.join('\n  ')}
  <rect x="${screen.x + screen.w / 2 - 90}" y="${screen.y + screen.h - 26}" width="180" height="8" rx="4" fill="#111827"/>
  <rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="${screen.h}" rx="72" fill="url(#glass)"/>
</svg>`,
  };
}
