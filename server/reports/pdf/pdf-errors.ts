/** Why a PDF could not be printed; the routes answer each with 503 (docs/api-decisions.md#reports-shares-and-diffs), the CLI with a message. */

/** No Chromium to print with: the message names CHROMIUM_PATH. */
export class PdfUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfUnavailableError';
  }
}

/** Every printing slot is taken and the line is full. */
export class PdfBusyError extends Error {
  constructor() {
    super('Too many PDFs are being printed: retry in a few seconds');
    this.name = 'PdfBusyError';
  }
}

/** The PDF took longer than PDF_TIMEOUT, waiting included. */
export class PdfTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Printing the PDF took longer than ${Math.round(timeoutMs / 1000)} s: retry in a moment`);
    this.name = 'PdfTimeoutError';
  }
}

/** One share link, or one account, has its share of PDFs printing or waiting: the API's 429 (fair-printer.ts). */
export class PdfLaneBusyError extends Error {
  constructor(readonly lane: 'share' | 'account') {
    super(
      lane === 'share'
        ? 'This share link already has PDFs being printed: retry in a few seconds'
        : 'This account already has its share of the PDFs being printed: retry in a few seconds',
    );
    this.name = 'PdfLaneBusyError';
  }
}
