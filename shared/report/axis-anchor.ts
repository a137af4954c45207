/**
 * Where an x-axis label hangs from its point: the first starts there and the last ends there, so neither
 * runs past the chart's edge; the others are centred.
 */
export function axisLabelAnchor(index: number, count: number): 'start' | 'middle' | 'end' {
  return index === 0 ? 'start' : index === count - 1 ? 'end' : 'middle';
}
