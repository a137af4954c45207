/**
 * The Element Timing name of the popup report's first text: the browser records when it is first painted
 * (a performance entry of type "element"), which is where the click benchmark's clock stops.
 */
export const REPORT_PAINT_NAME = 'citable-report';

/** Spread on the element whose text is timed (Preact's JSX types do not list `elementtiming`). */
export const REPORT_PAINT_TIMING = { elementtiming: REPORT_PAINT_NAME };
