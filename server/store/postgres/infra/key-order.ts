/** A map's values in the order of their string keys: concurrent writers that upsert in this order lock rows in the same order. */
export const inKeyOrder = <T>(map: Map<string, T>): T[] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
