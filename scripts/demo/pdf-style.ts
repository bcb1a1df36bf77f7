// The house style of the demo documents: fixed metadata, page sizes and colours.

import { rgb, type PDFDocument } from 'pdf-lib';

// Fixed dates and producer strings, so that two runs produce identical bytes.
const FIXED_DATE = new Date('2026-03-02T09:00:00.000Z');
const PRODUCER = 'citelens demo generator (pdf-lib 1.17.1)';
export const COMPANY = 'Halverson Logistics, Inc.';

export function setFixedMetadata(pdf: PDFDocument, title: string, subject: string): void {
  pdf.setTitle(title);
  pdf.setAuthor(COMPANY);
  pdf.setSubject(subject);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
}

export const LETTER: [number, number] = [612, 792];
export const LEGAL: [number, number] = [612, 1008];

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.38, 0.38, 0.38);
export const RULE = rgb(0.55, 0.55, 0.55);
export const ACCENT = rgb(0.1, 0.22, 0.42);
export const SHADE = rgb(0.9, 0.92, 0.95);
