// Document 2 of the demo: the Data Retention Policy, 5 pages. Passages: rs-vendor (page 3), rs-hold (page 4).

import { DocWriter } from './doc-writer.ts';
import type { BuiltDocument } from './passage-registry.ts';

export async function buildRetentionPolicy(): Promise<BuiltDocument> {
  const w = await DocWriter.create('Data Retention Policy', '2025-11', 'Retention and disposal of Company records');

  // Page 1
  w.newPage();
  w.titleBlock('Data Retention Policy', [
    ['Policy owner', 'Legal Department'],
    ['Approved by', 'General Counsel'],
    ['Version', '2025-11'],
    ['Effective date', 'November 17, 2025'],
    ['Classification', 'Internal'],
  ]);
  w.heading1('1. Purpose');
  w.para(
    'This policy establishes how long Company records must be kept and how they must be disposed of when they are no longer needed. Keeping records for the right length of time allows the Company to meet its legal, regulatory and contractual obligations, while disposing of records promptly reduces storage costs and limits the harm that could result from a data breach.',
  );
  w.heading1('2. Scope');
  w.para(
    'This policy applies to all records created or received by the Company in the course of its business, in any format and wherever they are held, including records held by vendors on behalf of the Company. It applies to all employees, contractors and vendors who create, manage or dispose of Company records.',
  );
  w.heading1('3. Principles');
  w.para('Records must be kept for the period set out in the Retention Schedule and no longer, unless a legal hold applies.', { label: '(a)' });
  w.para('Records must be stored so that they remain complete, accurate and retrievable for the whole retention period.', { label: '(b)' });
  w.para('Records must be disposed of securely, in a way that matches the classification of the information they contain.', { label: '(c)' });
  w.para('Copies and drafts must not be kept longer than the record they relate to.', { label: '(d)' });

  // Page 2: retention schedule
  w.newPage();
  w.heading1('4. Retention Schedule');
  w.para(
    'The table below sets the minimum and maximum retention periods for the main categories of Company records. The retention period starts on the trigger event shown. Records that do not fall into any category must be kept for three years from creation and then reviewed by the record owner.',
    { after: 10 },
  );
  w.table(
    [
      { title: 'Record category', width: 0.24 },
      { title: 'Examples', width: 0.34 },
      { title: 'Retention period', width: 0.18 },
      { title: 'Trigger', width: 0.24 },
    ],
    [
      ['Customer contracts', 'Master service agreements, rate cards, amendments', '7 years', 'End of the contract'],
      ['Shipment records', 'Bills of lading, proof of delivery, customs declarations', '6 years', 'Date of shipment'],
      ['Financial records', 'Invoices, ledgers, tax returns', '7 years', 'End of the financial year'],
      ['Employee records', 'Personnel files, payroll, training records', '6 years', 'End of employment'],
      ['Security logs', 'Authentication, firewall and key management logs', '1 year', 'Date of the event'],
      ['Vendor due diligence', 'Security questionnaires, audit reports, certificates of destruction', '3 years', 'End of the vendor contract'],
      ['Backups', 'System and database backups', '35 days (rolling)', 'Date of the backup'],
      ['Email', 'Mailboxes of current and former employees', '2 years', 'Date sent or received'],
    ],
    { caption: 'Table 1. Retention Schedule.' },
  );
  w.para(
    'Record owners may ask the Legal Department to approve a longer retention period for a specific set of records where there is a documented business need. Approved variations are recorded in the schedule.',
  );

  // Page 3
  w.newPage();
  w.heading1('5. Records Held by Vendors');
  w.para(
    '{{rs-vendor}}Where a vendor holds Company records on behalf of the Company, the vendor must retain them only for the periods in the Retention Schedule and must return or destroy them at the end of the contract, in accordance with the Vendor Security Policy.{{/}}',
  );
  w.para(
    'Contracts with vendors that hold Company records must state which retention periods apply, how records will be returned in a usable format, and how the vendor will confirm that remaining copies have been destroyed. The Company sponsor of each vendor is responsible for making sure that this happens.',
  );
  w.heading1('6. Backups and Archives');
  w.para(
    'Backups exist to restore systems after a failure and must not be used as an archive. Backup copies are kept for a rolling 35 days and then overwritten. Records that must be kept for longer than 35 days must be kept in an approved archive, not in backups.',
  );
  w.para(
    'Archived records must be indexed so that they can be found and disposed of at the end of their retention period, and must be protected with the same security controls as the live records they came from.',
  );

  // Page 4
  w.newPage();
  w.heading1('7. Legal Holds');
  w.para(
    'The Legal Department issues a legal hold when litigation, an investigation or an audit is reasonably anticipated. A legal hold notice identifies the records concerned and the people who hold them.',
  );
  w.para(
    '{{rs-hold}}Records subject to a legal hold must be preserved, and must not be deleted or altered, until the Legal Department releases the hold in writing, even if their retention period has expired.{{/}} The hold applies to records held by vendors on behalf of the Company, and the Company sponsor must pass the notice on to each affected vendor.',
  );
  w.para(
    'Employees who receive a legal hold notice must confirm in writing that they have read it and must tell the Legal Department about any other relevant records they are aware of.',
  );

  // Page 5
  w.newPage();
  w.heading1('8. Disposal');
  w.para(
    'At the end of the retention period, records must be disposed of securely. Paper records containing Confidential or Restricted information must be cross-cut shredded or placed in locked confidential waste bins. Electronic records must be deleted using methods that match their classification, as set out in the Data Classification Standard.',
  );
  w.heading1('9. Roles and Responsibilities');
  w.para('The Legal Department owns this policy and the Retention Schedule and manages legal holds.', { label: '(a)' });
  w.para('Record owners make sure that the records in their area are kept and disposed of as this policy requires.', { label: '(b)' });
  w.para('The Information Security Office sets the technical standards for secure disposal.', { label: '(c)' });
  w.heading1('10. Review');
  w.para('This policy is reviewed at least every two years, or sooner if the law or the business changes.');

  if (w.pageNumber !== 5) throw new Error(`retention policy has ${w.pageNumber} pages, expected 5`);
  const bytes = await w.save();
  return { bytes, passages: w.passages, crops: w.surfaces.map((x) => x.crop) };
}
