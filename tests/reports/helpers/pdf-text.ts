/** The text of each page of a PDF, extracted by pdf.js (pdfjs-dist, Mozilla's PDF reader) in Node. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfContent {
  pages: string[];
  /** Every page's text joined, whitespace collapsed. */
  text: string;
}

export async function pdfText(pdf: Uint8Array): Promise<PdfContent> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? ' ' : ''}` : ''))
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
  } finally {
    await doc.destroy();
  }
  return { pages, text: pages.join(' ') };
}
