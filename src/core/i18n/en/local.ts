import type { EnglishPart } from '../catalog.ts';

// English: local files: the drop overlay, the local answer bar, missing and reopened documents.

export const localEn = {
  'local.openLabel': 'Open local files',
  'local.open': 'Open local files…',
  'local.dropTitle': 'Drop an answer and its documents',
  'local.dropHint': 'JSON, PDF, Markdown or text. They are opened in this browser and never uploaded.',
  'local.barLabel': 'Local files',
  'local.openedFrom': 'Opened from local files:',
  'local.withFiles': ' with {names}',
  'local.staysHere': '. Everything stays in this browser.',
  'local.addDocuments': 'Add documents',
  'local.addFiles': 'Add files…',
  'local.closeAnswer': 'Close local answer',
  'local.missing': 'Missing: {list} (looked for {looked}).',
  'local.unused': {
    one: 'Not used: {list}. No document of this answer matches it (a document’s file is found by the file name in its url, then its id, then its title).',
    other: 'Not used: {list}. No document of this answer matches them (a document’s file is found by the file name in its url, then its id, then its title).',
  },
  'local.reopenTitle': 'This answer was opened from local files; open them again.',
  'local.reopenBody':
    'Its files stayed on your computer: citelens never uploads or keeps them, so a reload cannot reopen them. Open the same answer file and its documents (or drop them here); your review decisions on it are kept in this browser and come back.',
  'local.isMissing': '{label} is missing',
  'local.noFileMatches': 'This answer was opened from local files, and no file given matches “{title}”. citelens looks for {looked}.',
  'local.thenSeparator': ', then ',
  'local.fileFor': 'File for {title}',
  'local.addFile': 'Add file…',
  'local.dismiss': 'Dismiss',
  'local.documentsAlone': 'Open the answer’s JSON file together with its documents: documents alone have no answer to belong to.',
  'local.couldNotOpen': 'Could not open {file}',
  'local.unreadable': '{file} could not be read ({detail}).',
  'local.notJson': '{file} is not valid JSON ({detail}).',
  'local.oneAtATime': { one: 'One answer at a time: {names} was not opened.', other: 'One answer at a time: {names} were not opened.' },
  'local.nameSeparator': ', ',
} as const satisfies EnglishPart;
