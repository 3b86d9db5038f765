/**
 * The Prefer header as PostgREST reads it: comma-separated `key=value` items,
 * possibly over several header lines, the first of each key winning. Unknown
 * items are ignored unless the client also sends handling=strict.
 */

const HONOURED = {
  return: ['minimal', 'representation', 'headers-only'],
  missing: ['default', 'null'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  handling: ['strict', 'lenient'],
} as const;

/** Understood and, like hosted Supabase (which forbids overriding them), ignored. */
const IGNORED: Record<string, readonly string[] | 'any'> = {
  tx: ['commit', 'rollback'],
  timezone: 'any',
  'max-affected': 'any',
  params: ['single-object'],
};

type Honoured = typeof HONOURED;
export type Preferences = { -readonly [K in keyof Honoured]?: Honoured[K][number] } & {
  /** Items PostgREST would not recognise (an error only with handling=strict). */
  invalid: string[];
};

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const preferences: Preferences = { invalid: [] };
  const items = [header ?? []]
    .flat()
    .flatMap((line) => line.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    const [key = '', value = ''] = item.split('=', 2).map((part) => part.trim());
    if (Object.hasOwn(HONOURED, key)) {
      const name = key as keyof Honoured;
      if ((HONOURED[name] as readonly string[]).includes(value)) {
        (preferences as Record<string, unknown>)[name] ??= value;
        continue;
      }
    } else if (Object.hasOwn(IGNORED, key)) {
      const allowed = IGNORED[key]!;
      if (allowed === 'any' || allowed.includes(value)) continue;
    }
    preferences.invalid.push(item);
  }
  return preferences;
}
