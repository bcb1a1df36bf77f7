// Vendor Security Policy, pages 10-15: incidents, subprocessors, continuity and audit, termination, exceptions,
// definitions and the document history.

import type { DocWriter } from './doc-writer.ts';

/** Sections 9-18. Passages: ve-compromise (pages 10-11, across the page break), rs-return (13). */
export function writeVendorGovernancePages(w: DocWriter): void {
  // Pages 10-11: the text flows across the page break; clause 9.6 starts at the foot of page 10.
  w.newPage();
  w.allowPageBreak = true;
  w.heading1('9. Security Incidents');
  w.heading2('9.1 Incident Response Plan');
  w.para(
    'Tier 1 and Tier 2 vendors must maintain a documented incident response plan that covers the services provided to the Company. The plan must name the people responsible for handling incidents, describe how incidents are detected, triaged, contained and resolved, and include the Company Security Office as a contact. The plan must be tested at least annually, for example through a tabletop exercise, and updated with the lessons learned.',
  );
  w.heading2('9.2 Definition');
  w.para(
    'A security incident is any event that compromises, or is reasonably suspected to compromise, the confidentiality, integrity or availability of Company data or of a system that stores or processes Company data. Incidents include unauthorised access, loss or theft of devices or media, malware infections, misdirected email containing Company data and any compromise of credentials used to access Company systems.',
  );
  w.heading2('9.3 Notification');
  w.para(
    'Vendors must notify the Company Security Office of any security incident affecting Company data without undue delay and in any case within 24 hours of becoming aware of it. Notification must be made by telephone to the Security Office hotline and confirmed by email to security@halverson.example. The initial notification must describe what is known of the incident at that time; the vendor must not delay notification in order to complete its investigation.',
  );
  w.para(
    'Where an incident involves personal data, the vendor must give the Company all the information it needs to meet its own notification obligations to regulators and affected individuals, and must not contact affected individuals directly unless the Company asks it to. Notifications made outside business hours must also be made by telephone; email alone is not sufficient.',
  );
  w.heading2('9.4 Information to Be Provided');
  w.para(
    'As soon as it is available, the vendor must provide the nature of the incident, the categories and approximate volume of data and individuals affected, the systems involved, the likely consequences, the measures taken or proposed to contain the incident and the name of a contact who can provide further information. Updates must be provided at least daily until the incident is closed.',
  );
  w.heading2('9.5 Cooperation');
  w.para(
    "The vendor must cooperate fully with the Company's investigation and must preserve all relevant evidence, including logs, images of affected systems and correspondence. The vendor must not notify regulators, customers or the public about an incident involving Company data without the Company's prior written agreement, unless the vendor is required by law to do so.",
  );
  w.para(
    'Where the Company decides to engage an external forensic investigator, the vendor must give that investigator the same access to personnel, systems and evidence as it gives to the Company. The cost of the investigation is borne by the vendor where the incident resulted from a breach of this policy.',
  );
  w.heading2('9.6 Compromised Keys and Credentials');
  w.para(
    'Compromised keys can expose data long after an attacker has left a system. {{ve-compromise}}If a vendor suspects that encryption keys or credentials protecting Company data have been compromised, the vendor must revoke the affected keys, rotate every credential that depends on them and notify the Company Security Office within 24 hours of discovery, even where no unauthorised access to Company data has yet been identified.{{/}}',
  );
  w.heading2('9.7 Post-Incident Review');
  w.para(
    'Within 30 days of closing an incident, the vendor must give the Company a written report describing the root cause, the full impact and the corrective actions taken to prevent a recurrence, with target dates for any actions that are not yet complete.',
  );
  w.allowPageBreak = false;
  w.heading1('10. Subprocessors');
  w.para(
    "Vendors must not engage a subprocessor to store, process or access Company data without the Company's prior written approval. Requests for approval must identify the subprocessor, the services it will perform, the Company data involved and the locations where that data will be stored or accessed.",
  );
  w.para(
    'The vendor must flow down to each subprocessor obligations at least as protective as those in this policy and remains fully responsible to the Company for the acts and omissions of its subprocessors. The vendor must maintain a current list of approved subprocessors and give the Company at least 30 days notice of any intended change.',
  );

  // Page 12
  w.newPage();
  w.heading1('11. Business Continuity and Resilience');
  w.para(
    'Tier 1 vendors must maintain business continuity and disaster recovery plans for the services they provide to the Company. The plans must meet the recovery time and recovery point objectives stated in the contract and must be tested at least annually. The vendor must share a summary of each test, including any objectives that were not met and the actions taken as a result.',
  );
  w.para(
    'Backups of Company data must be stored in a location that is physically and logically separate from the primary systems, must be protected against deletion or encryption by ransomware, and must be tested by restoring a sample of data at least quarterly.',
  );
  w.heading1('12. Security Assessments and Audit');
  w.para(
    "Before a contract is signed, and afterwards at least annually for Tier 1 vendors and every two years for Tier 2 vendors, the Company assesses each vendor's security controls using its standard security questionnaire. Vendors that hold a current ISO/IEC 27001 certificate or SOC 2 Type II report covering the services may provide it in place of the corresponding parts of the questionnaire.",
  );
  w.para(
    'The Company, or an independent auditor appointed by the Company, may audit the vendor for compliance with this policy on 30 days written notice, or on 48 hours notice following a security incident. The vendor must provide reasonable access to the relevant personnel, systems, facilities and records. Findings must be remediated within the timescales agreed with the Information Security Office.',
  );

  // Page 13
  w.newPage();
  w.heading1('13. Termination and Return of Data');
  w.para(
    '{{rs-return}}Within 30 days after termination or expiry of the contract, the vendor must return all Company data in the format agreed in the contract and then securely delete all remaining copies, including copies held in backups and by subprocessors.{{/}} The vendor must provide a certificate of destruction signed by an officer of the vendor within ten business days of completing the deletion.',
  );
  w.para(
    'Where the law requires the vendor to retain Company data beyond this period, the vendor must tell the Company which data is retained, on what legal basis and for how long, and must continue to protect it in accordance with this policy until it is deleted.',
  );
  w.heading1('14. Personnel Security');
  w.para(
    'Vendors must carry out background checks on personnel who will have access to Confidential or Restricted data, to the extent permitted by local law, before that access is granted. All vendor personnel with access to Company data or systems must complete security awareness training when they start work on the engagement and at least annually after that.',
  );
  w.para('Vendor personnel must sign confidentiality obligations that cover Company data and that continue after their work for the Company ends.');

  // Page 14
  w.newPage();
  w.heading1('15. Exceptions');
  w.para(
    'A vendor that cannot meet a requirement of this policy must request an exception through its Company sponsor before the requirement applies. Each request must describe the requirement concerned, the reason it cannot be met, the risk to the Company, the compensating controls proposed and the date by which the vendor expects to comply.',
  );
  w.para(
    'Exceptions are approved by the Information Security Office and, for Tier 1 vendors, by the Chief Information Security Officer. Approved exceptions are recorded in the exceptions register and expire after twelve months unless renewed.',
  );
  w.heading1('16. Enforcement');
  w.para(
    "Failure to comply with this policy may result in the suspension of a vendor's access to Company data and systems, in the termination of the contract, and in any other remedy available to the Company under the contract or at law. Company employees who knowingly allow a vendor to breach this policy may be subject to disciplinary action.",
  );
  w.heading1('17. Definitions');
  w.para('Company data: any information owned by, licensed to or held on behalf of the Company, in any form.', { label: '(a)' });
  w.para('Company sponsor: the Company employee accountable for the vendor relationship and for approving vendor access.', { label: '(b)' });
  w.para('Restricted data: the most sensitive class of Company data, as defined in Section 7.', { label: '(c)' });
  w.para('Subprocessor: any third party engaged by a vendor that stores, processes or accesses Company data.', { label: '(d)' });

  // Page 15
  w.newPage();
  w.heading1('18. Related Documents');
  w.para('Information Security Policy (ISP-01)', { label: '-', indent: 14, after: 2 });
  w.para('Data Retention Policy (version 2025-11)', { label: '-', indent: 14, after: 2 });
  w.para('Data Classification Standard (ISP-04)', { label: '-', indent: 14, after: 2 });
  w.para('Incident Response Procedure (ISP-09)', { label: '-', indent: 14, after: 10 });
  w.heading1('Document History');
  w.table(
    [
      { title: 'Version', width: 0.14 },
      { title: 'Date', width: 0.2 },
      { title: 'Author', width: 0.24 },
      { title: 'Changes', width: 0.42 },
    ],
    [
      ['2023-06', 'June 12, 2023', 'Information Security Office', 'First issue.'],
      ['2024-09', 'September 30, 2024', 'Information Security Office', 'Added vendor risk tiers and the privileged access requirements.'],
      ['2025-04', 'April 7, 2025', 'Information Security Office', 'Raised the minimum TLS version to 1.2; added the key management logging requirement.'],
      [
        '2026-03',
        'March 2, 2026',
        'Information Security Office',
        'Added the data classification matrix, post-quantum readiness and the 24-hour notification for compromised keys.',
      ],
    ],
  );
}
