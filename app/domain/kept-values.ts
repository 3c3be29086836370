/**
 * Values that cost something to make and nothing to reuse (formatters, schedules, prepared
 * statements), kept by key. Past `limit` keys the store starts again rather than grow: more
 * than a process meets in normal use.
 */
export function keptValues<K, V>(limit: number): (key: K, make: () => V) => V {
  const values = new Map<K, V>();
  return (key, make) => {
    if (values.has(key)) return values.get(key) as V;
    const value = make();
    if (values.size >= limit) values.clear();
    values.set(key, value);
    return value;
  };
}
