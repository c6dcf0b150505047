// The last scene: the brand's name and promise, a CTA button that pulses, and the domain to
// visit, stacked in the middle of the safe zone over the brand background.

import { ascentEm, descentEm, safeZone } from './captions.ts';
import { ffmpegColor, mixColors, readableTextOn } from './colors.ts';
import { filter } from './filter-escape.ts';
import type { RenderFonts } from './fonts.ts';
import type { RenderSpec } from './render-spec.ts';
import { type FontWeight, fitFontSize, letterSpaced, printable, wrapText } from './text-fit.ts';

export interface EndCardLine {
  text: string;
  weight: FontWeight;
  fontSize: number;
  /** The baseline's y once the line has slid into place. */
  baseline: number;
  color: string;
  /** Seconds after the end card starts. */
  delay: number;
  /** Box padding for the CTA button; 0 for plain text. */
  padding: number;
  boxColor?: string;
}

/** CTA pulse amplitude; the button's width and height budgets leave room for it. */
const pulse = 0.04;
const buttonPadding = 24;
const groupGap = 34;
const maxWidth = safeZone.right - safeZone.left;

interface Group {
  lines: string[];
  weight: FontWeight;
  fontSize: number;
  delay: number;
  padding: number;
}

function titleGroup(title: string, style: RenderSpec['style']): Group {
  // Cinematic titles are light tracked caps like its captions; the other styles shout in bold.
  if (style === 'cinematic') {
    const lines = wrapText(title, 14).map((line) => letterSpaced(line.toLocaleUpperCase('en-US')));
    return { lines, weight: 'regular', fontSize: fitFontSize(lines, 'regular', maxWidth, 64), delay: 0.1, padding: 0 };
  }
  const lines = wrapText(title, 18);
  return { lines, weight: 'bold', fontSize: fitFontSize(lines, 'bold', maxWidth, 76), delay: 0.1, padding: 0 };
}

/** Where each end-card line goes; pure so the safe zone can be checked without rendering. */
export function layoutEndCard(spec: Pick<RenderSpec, 'endCard' | 'palette' | 'style'>): EndCardLine[] {
  const { endCard, palette } = spec;
  const subtitle = wrapText(printable(endCard.subtitle), 30);
  const cta = printable(endCard.cta);
  const domain = printable(endCard.domain);
  const groups: Group[] = [
    titleGroup(printable(endCard.title), spec.style),
    {
      lines: subtitle,
      weight: 'regular',
      fontSize: fitFontSize(subtitle, 'regular', maxWidth, 38),
      delay: 0.3,
      padding: 0,
    },
    {
      lines: [cta],
      weight: 'bold',
      fontSize: fitFontSize([cta], 'bold', (maxWidth - 2 * buttonPadding) / (1 + pulse), 50),
      delay: 0.5,
      padding: buttonPadding,
    },
    {
      lines: [domain],
      weight: 'regular',
      fontSize: fitFontSize([domain], 'regular', maxWidth, 34),
      delay: 0.7,
      padding: 0,
    },
  ];
  // An empty subtitle leaves no gap: the card closes up around the lines it has.
  const shown = groups.filter((group) => group.lines.some((line) => line.trim().length > 0));
  const lineHeight = (group: Group) =>
    Math.ceil((ascentEm + descentEm) * group.fontSize * (1 + pulse)) + 2 * group.padding;
  const total =
    shown.reduce((sum, group) => sum + lineHeight(group) * group.lines.length, 0) + groupGap * (shown.length - 1);
  // The gradient behind the card, roughly where the text sits.
  const textColor = readableTextOn(mixColors(palette.primary, '#000000', 0.3), palette.text);
  const buttonText = readableTextOn(palette.accent, palette.text);

  let top = Math.round((safeZone.top + safeZone.bottom) / 2 - total / 2);
  const lines: EndCardLine[] = [];
  for (const group of shown) {
    for (const text of group.lines) {
      const isButton = group.padding > 0;
      lines.push({
        text,
        weight: group.weight,
        fontSize: group.fontSize,
        baseline: Math.round(top + group.padding + ascentEm * group.fontSize * (1 + pulse)),
        color: isButton ? buttonText : textColor,
        delay: group.delay,
        padding: group.padding,
        ...(isButton ? { boxColor: palette.accent } : {}),
      });
      top += lineHeight(group);
    }
    top += groupGap;
  }
  return lines;
}

/** drawtext filters that draw the end card from `start` to the end of the ad. */
export function endCardFilters(
  spec: Pick<RenderSpec, 'endCard' | 'palette' | 'style'>,
  start: number,
  fonts: RenderFonts,
): string[] {
  return layoutEndCard(spec).map((line) => {
    const appear = (start + line.delay).toFixed(3);
    const progress = `max(0,1-(t-${appear})/0.45)`;
    // The button breathes once a second after it has landed, to pull the eye to the action.
    const fontSize = line.boxColor
      ? `${line.fontSize}*(1+${pulse}*pow(sin(PI*max(0,t-${appear}-0.4)),2))`
      : `${line.fontSize}`;
    return filter('drawtext', {
      fontfile: fonts[line.weight],
      text: line.text,
      expansion: 'none',
      fontsize: fontSize,
      fontcolor: ffmpegColor(line.color),
      x: '(w-text_w)/2',
      y: `${line.baseline}-ascent+34*pow(${progress},3)`,
      alpha: `min(1,(t-${appear})/0.35)`,
      enable: `gte(t,${appear})`,
      ...(line.boxColor
        ? { box: 1, boxcolor: ffmpegColor(line.boxColor), boxborderw: line.padding }
        : { shadowcolor: ffmpegColor('#000000', 0.35), shadowx: 0, shadowy: 2 }),
    });
  });
}
