// The engine never branches on a style's name: outside lambdas/generation/styles/ no module compares
// a style with a style's name, switches on one, or keeps a table keyed by style. A style's choices
// live in its definition (styles/<style>.ts), so a fourth style is one new module.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { styles } from '#shared/contract.ts';

const engine = new URL('../../lambdas/generation/', import.meta.url).pathname;
const definitions = join(engine, 'styles');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === definitions ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const name = `['"\`](?:${styles.map((style) => style.replace(/[-]/g, '\\-')).join('|')})['"\`]`;
const byName = [
  // style === 'ugc', 'cinematic' !== layout.style
  new RegExp(`(?:[!=]==?)\\s*${name}|${name}\\s*(?:[!=]==?)`),
  // case 'direct-response':
  new RegExp(`\\bcase\\s+${name}\\s*:`),
  // a table keyed by style: Record<Style, …>, or an object literal with a style's name as a key
  /\bRecord<\s*Style\s*,/,
  new RegExp(`^\\s*(?:${name}|${styles.filter((style) => /^\w+$/.test(style)).join('|')})\\s*:\\s*[{['"\`\\d]`),
];

/** Every line of `source` that decides by a style's name, comments left out. */
function linesByStyleName(source: string): string[] {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter((line) => byName.some((pattern) => pattern.test(line)));
}

describe('the engine and the styles', () => {
  it('finds each way code could decide by a style’s name', () => {
    // Assess
    expect(linesByStyleName("if (style === 'ugc') withPhoneElements();")).toHaveLength(1);
    expect(linesByStyleName("rotateDeg: context.storyboard.style === 'cinematic' ? 0 : -7,")).toHaveLength(1);
    expect(linesByStyleName("  } else if ('direct-response' !== layout.style) {")).toHaveLength(1);
    expect(linesByStyleName("    case 'direct-response':")).toHaveLength(1);
    expect(linesByStyleName('const camera: Record<Style, string> = {')).toHaveLength(1);
    expect(linesByStyleName("  ugc: { primary: '#ffffff', accent: '#db2777' },")).toHaveLength(1);
    expect(linesByStyleName("  'direct-response': ['static'],")).toHaveLength(1);
    // A style's name in prose, in a comment or as another thing's value is no decision.
    expect(linesByStyleName("// UGC's phone elements; cinematic holds one slow shot\nconst x = 'ugc-like';")).toEqual(
      [],
    );
    expect(linesByStyleName("return price && form === 'plain' ? name : price;")).toEqual([]);
  });

  it('keeps every style’s choices in its definition: no engine module decides by a style’s name', () => {
    // Act
    const found = sources(engine).flatMap((path) =>
      linesByStyleName(readFileSync(path, 'utf8')).map((line) => `${relative(engine, path)}: ${line.trim()}`),
    );

    // Assess
    expect(sources(engine).length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
