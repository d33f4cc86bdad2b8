/** Lawsuits (tvistemål, issue 12): drafts from cases, the list and detail, the status machine, deadlines, notes, documents. */
export { createLawsuitDraft, suggestLawsuitForCase, OPEN_LAWSUIT_EXISTS_MESSAGE } from './create-lawsuit';
export { listLawsuits, getLawsuit } from './lawsuit-view';
export { changeLawsuitStatus } from './lawsuit-transitions';
export { addLawsuitDeadline, completeLawsuitDeadline, updateLawsuitNotes } from './lawsuit-records';
export { uploadLawsuitDocument, readLawsuitDocument } from './lawsuit-documents';
export { LAWSUIT_DOCUMENT_MAX_BYTES } from './lawsuit-document-store';
export { checkLawsuitDeadlines, startLawsuitDeadlineScheduler } from './lawsuit-deadline-check';
export { LAWSUIT_SETTINGS_KEY } from './lawsuit-settings';
