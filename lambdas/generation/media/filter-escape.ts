// Option values inside -filter_complex are unescaped twice: once by the graph parser (where
// \ ' [ ] , ; are special) and once by the filter's option parser (where : separates options).
// So a value is first single-quoted for the option parser, then backslash-escaped for the graph
// parser. ffmpeg is spawned without a shell, so there is no third level.

/** Any string (captions, file paths, expressions) as one safe filter option value. */
export function filterValue(value: string): string {
  const optionLevel = `'${value.replaceAll("'", "'\\''")}'`;
  return optionLevel.replace(/[\\'[\],;]/g, '\\$&');
}

/** Renders `name=key=value:key=value` with every value escaped. */
export function filter(name: string, options: Record<string, string | number> = {}): string {
  const pairs = Object.entries(options).map(([key, value]) =>
    typeof value === 'number' ? `${key}=${value}` : `${key}=${filterValue(value)}`,
  );
  return pairs.length === 0 ? name : `${name}=${pairs.join(':')}`;
}
