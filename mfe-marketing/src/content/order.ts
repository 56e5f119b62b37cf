import { TERMS_SECTION_ORDER } from '../constants';
import type { ContentDocument, ContentSection } from './types';

/** Sections in the order the page shows them: the terms' spec order, else as written. */
export function displayedSections(doc: ContentDocument): ContentSection[] {
  if (doc.page !== 'terms') return doc.sections;
  const byNumber = new Map(doc.sections.map((s) => [s.number, s]));
  return TERMS_SECTION_ORDER.map((n) => byNumber.get(n)).filter((s): s is ContentSection => s !== undefined);
}
