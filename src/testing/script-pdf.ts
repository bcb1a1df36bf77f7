// Test data: a PDF whose OpenAction runs JavaScript (`app.alert` twice), as a hostile upload would. The browser's own
// PDF viewer runs it and shows two dialogs; our viewer (pdf.js without scripting) never does. Issue 34, breaks 2 and 3.
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

export const SCRIPT_PDF_LINE = 'This memo asks the browser to run its script when it opens.';

export async function scriptPdf(title = 'Script Memo'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(SCRIPT_PDF_LINE, { x: 72, y: 700, size: 12, font });
  const action = pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("citelens: the PDF ran its script"); app.alert("twice");') });
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  return pdf.save({ useObjectStreams: false });
}
