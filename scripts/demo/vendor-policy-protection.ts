// Vendor Security Policy, pages 5-9: encryption, the algorithm table, data classification and logging. The odd
// pages live here: page 6 has a CropBox inside its MediaBox, page 8 is /Rotate 90 and page 9 is US Legal.

import type { DocWriter } from './doc-writer.ts';
import { LEGAL, LETTER } from './pdf-style.ts';

/** Sections 5-8. Passages: ve-transit, ve-rest (page 5), ve-keys (6), ve-restricted (8), ve-keylog (9). */
export function writeVendorProtectionPages(w: DocWriter): void {
  // Page 5
  w.newPage();
  w.heading1('5. Encryption');
  w.heading2('5.1 General Requirements');
  w.para(
    'Vendors must protect Company data with encryption whenever it is stored or transmitted outside a physically secured Company facility. Encryption must use the algorithms and key lengths listed as approved in Section 6, and must be implemented with maintained, widely used cryptographic libraries rather than custom code.',
  );
  w.heading2('5.2 Data in Transit');
  w.para(
    '{{ve-transit}}All Company data transmitted over any network must be encrypted using TLS 1.2 or higher; TLS 1.3 is preferred wherever both endpoints support it.{{/}} SSL and TLS versions 1.0 and 1.1 must be disabled on all vendor systems that handle Company data. Certificates must be issued by a trusted public or Company certificate authority and must use keys of at least 2048 bits for RSA or 256 bits for elliptic curve algorithms.',
  );
  w.para(
    'File transfers must use SFTP or HTTPS. Email that contains Confidential or Restricted data must be sent using enforced TLS between mail servers or, where that cannot be guaranteed, the data must be sent as an encrypted attachment with the password delivered by a separate channel.',
  );
  w.heading2('5.3 Data at Rest');
  w.para(
    '{{ve-rest}}Company data stored by a vendor must be encrypted at rest using AES with a key length of 256 bits, including data held in databases, file shares, object storage, backups and removable media.{{/}} Full-disk encryption is required on all laptops and mobile devices used by vendor personnel, whether or not Company data is expected to be stored on them.',
  );
  w.para(
    'Encryption at rest provided by a cloud platform is acceptable when the vendor can demonstrate that the encryption keys are managed as required by Section 5.4 and that the encryption cannot be disabled by individual users.',
  );

  // Page 6: CropBox differs from MediaBox. The layout is relative to the CropBox.
  const cropped = w.newPage({ size: LETTER, crop: [36, 36, 576, 756] }, { top: 60, bottom: 56, left: 40, right: 40 });
  // Printer's crop marks in the bleed area outside the CropBox: present in the file, cut off by viewers.
  for (const [cx, cy] of [
    [36, 36],
    [576, 36],
    [36, 756],
    [576, 756],
  ] as const) {
    const sx = cx < 306 ? -1 : 1;
    const sy = cy < 396 ? -1 : 1;
    cropped.page.drawLine({ start: { x: cx + sx * 6, y: cy }, end: { x: cx + sx * 30, y: cy }, thickness: 0.3 });
    cropped.page.drawLine({ start: { x: cx, y: cy + sy * 6 }, end: { x: cx, y: cy + sy * 30 }, thickness: 0.3 });
  }
  w.heading2('5.4 Key Management');
  w.para(
    '{{ve-keys}}Encryption keys that protect Company data must be generated and stored in a hardware security module or a cloud key management service, and must be rotated at least once every twelve months.{{/}} Keys must never be stored in source code, configuration files or on the same system as the data they protect, and key material must never be exported in plain text.',
  );
  w.para(
    'Access to key management functions must be limited to named individuals with a documented need, and no single person may both administer keys and access the data those keys protect. Where the Company supplies its own keys, the vendor must support revocation of those keys by the Company at any time, after which the affected data must become unreadable.',
  );
  w.heading2('5.5 Backups and Removable Media');
  w.para(
    'Backups that contain Company data must be encrypted with keys that are separate from production keys. Removable media may be used to transfer Company data only with the prior written approval of the Information Security Office, and must be encrypted and tracked by serial number.',
  );
  w.heading2('5.6 Cryptographic Exceptions');
  w.para(
    'A vendor that cannot meet a requirement of this section must request an exception under Section 15 before processing Company data. Exceptions to the encryption requirements are granted for no longer than twelve months and must include compensating controls.',
  );

  // Page 7: table
  w.newPage();
  w.heading1('6. Approved Cryptographic Algorithms');
  w.para(
    'The following table lists the algorithms and minimum parameters approved for protecting Company data. Algorithms marked Deprecated may continue to be used in existing systems until the date shown but must not be used in new implementations. Algorithms that are not listed must not be used without an approved exception.',
    { after: 10 },
  );
  w.table(
    [
      { title: 'Purpose', width: 0.22 },
      { title: 'Approved algorithms', width: 0.33 },
      { title: 'Minimum parameters', width: 0.27 },
      { title: 'Status', width: 0.18 },
    ],
    [
      ['Symmetric encryption', 'AES-GCM, AES-CBC with HMAC-SHA-256, ChaCha20-Poly1305', '256-bit keys (AES-128 accepted within TLS sessions)', 'Approved'],
      ['Key exchange', 'ECDH with P-256, P-384 or X25519; RSA-OAEP', 'ECC 256 bits; RSA 2048 bits (3072 bits for new keys)', 'Approved'],
      ['Digital signatures', 'ECDSA, Ed25519, RSA-PSS', 'ECC 256 bits; RSA 2048 bits (3072 bits for new keys)', 'Approved'],
      ['Hashing', 'SHA-256, SHA-384, SHA-512, SHA3-256', '256-bit output', 'Approved'],
      ['Password storage', 'Argon2id, scrypt, bcrypt', 'Argon2id with 64 MiB memory and 3 iterations; bcrypt cost 12', 'Approved'],
      ['Transport security', 'TLS 1.3; TLS 1.2 with forward-secret cipher suites', 'As in Section 5.2', 'Approved'],
      ['Legacy use', 'SHA-1 for non-security checksums; TLS 1.2 CBC cipher suites', 'None', 'Deprecated until 31 December 2027'],
      ['Prohibited', 'DES, 3DES, RC4, MD5, SHA-1 signatures, SSL, TLS 1.0 and 1.1', 'None', 'Not permitted'],
    ],
    { caption: 'Table 1. Approved cryptographic algorithms and minimum parameters.' },
  );
  w.heading2('6.1 Cryptographic Inventory');
  w.para(
    'Vendors must maintain an inventory of the cryptographic algorithms, protocols and certificates used to protect Company data and must provide it to the Company on request. Certificates must be tracked so that none expires unnoticed.',
  );
  w.heading2('6.2 Post-Quantum Readiness');
  w.para(
    'Tier 1 vendors must be able to describe, on request, their plan for adopting post-quantum key exchange for connections that carry Company data, including the products and dates involved.',
  );

  // Page 8: /Rotate 90, drawn as a landscape page.
  w.newPage({ size: LETTER, rotate: 90 }, { top: 66, bottom: 60, left: 60, right: 60 });
  w.heading1('7. Data Classification and Handling');
  w.para(
    'Company data is classified as Public, Internal, Confidential or Restricted. Vendors must apply at least the handling controls shown in Table 2 for each classification. {{ve-restricted}}Restricted data must additionally be protected with field-level or application-level encryption, so that it remains encrypted to database administrators and storage operators.{{/}}',
    { after: 10 },
  );
  w.table(
    [
      { title: 'Control', width: 0.16 },
      { title: 'Public', width: 0.17 },
      { title: 'Internal', width: 0.2 },
      { title: 'Confidential', width: 0.22 },
      { title: 'Restricted', width: 0.25 },
    ],
    [
      [
        'Examples',
        'Published rates, press releases',
        'Internal procedures, organisation charts',
        'Customer contracts, shipment records',
        'Payment card data, employee identity and health records',
      ],
      ['Storage encryption', 'Not required', 'Recommended', 'Required (AES-256)', 'Required (AES-256) plus field-level encryption'],
      ['Transmission', 'No requirement', 'TLS 1.2 or higher', 'TLS 1.2 or higher', 'TLS 1.2 or higher with mutual authentication'],
      [
        'Access',
        'Anyone',
        'Vendor personnel on the engagement',
        'Named individuals approved by the sponsor',
        'Named individuals approved by the data owner and the Information Security Office',
      ],
      ['Storage location', 'Any', 'Vendor systems', 'Vendor systems in approved regions', 'Approved regions only; no removable media'],
      [
        'Disposal',
        'No requirement',
        'Secure deletion',
        'Cryptographic erasure or NIST SP 800-88 purge',
        'NIST SP 800-88 purge with certificate of destruction',
      ],
    ],
    { caption: 'Table 2. Minimum handling controls by classification.' },
  );
  w.para(
    'Where data of different classifications is combined, the combined data set takes the highest classification of any of its parts. Vendors that are unsure of the classification of data they receive must treat it as Confidential until the Company sponsor confirms its classification.',
  );

  // Page 9: US Legal, a different page size.
  w.newPage({ size: LEGAL });
  w.heading1('8. Logging and Monitoring');
  w.heading2('8.1 Log Content');
  w.para(
    'Vendor systems that store or process Company data must record security events, including successful and failed logins, changes to accounts and permissions, changes to security configuration, access to Restricted data, and the starting and stopping of logging itself. Each log entry must include the date and time, the identity of the user or process, the source address and the outcome of the event.',
  );
  w.heading2('8.2 Clock Synchronisation');
  w.para(
    'System clocks must be synchronised to a reliable time source so that log entries from different systems can be correlated. Time stamps must include the time zone or be recorded in UTC.',
  );
  w.heading2('8.3 Key Management Logging');
  w.para(
    '{{ve-keylog}}Every use of a key management system that protects Company data, including key creation, rotation, export attempts and deletion, must be logged, and these logs must be retained for at least one year.{{/}} Alerts must be raised for any attempt to export key material or to disable key rotation.',
  );
  w.heading2('8.4 Log Protection and Retention');
  w.para(
    'Logs must be protected against alteration and deletion by the users whose activity they record. Logs must be retained for at least one year, with the most recent 90 days immediately available for analysis.',
  );
  w.heading2('8.5 Monitoring');
  w.para(
    'Tier 1 vendors must monitor security events continuously, either with their own security operations function or through a managed detection and response provider, and must investigate high-severity alerts within one hour. Tier 2 vendors must review security events at least weekly.',
  );
  w.heading2('8.6 Log Sharing');
  w.para(
    'On request, and in any case during an incident investigation, the vendor must provide the Company with log records relating to Company data or Company accounts within two business days, in a commonly used machine-readable format.',
  );
  w.heading2('8.7 Vulnerability Management');
  w.para(
    'Vendors must scan systems that store or process Company data for vulnerabilities at least monthly and after any significant change. Critical vulnerabilities must be remediated within 15 days and high vulnerabilities within 30 days of discovery. Internet-facing applications must undergo an independent penetration test at least annually, and the vendor must share a summary of the results with the Company.',
  );
  w.heading2('8.8 Secure Development');
  w.para(
    'Vendors that develop software used to process Company data must follow a documented secure development process that includes security requirements, peer code review, automated static analysis and dependency scanning, and the remediation of findings before release. Production data must not be used in development or test environments unless it has been irreversibly anonymised.',
  );
  w.heading2('8.9 Configuration Management');
  w.para(
    'Systems that store or process Company data must be built from documented, hardened configuration baselines, such as the CIS Benchmarks, and must be checked against those baselines at least quarterly. Default passwords must be changed before a system is connected to any network, and services that are not needed must be disabled.',
  );
}
