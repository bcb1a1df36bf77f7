// Vendor Security Policy, pages 1-4: title block, purpose and scope, access control, and the two-column network page.

import type { DocWriter } from './doc-writer.ts';

/** Sections 1-4. Passages: va-mfa, va-pam (page 2), va-dormant (3), va-segment (4, right-hand column). */
export function writeVendorAccessPages(w: DocWriter): void {
  // Page 1
  w.newPage();
  w.titleBlock('Vendor Security Policy', [
    ['Policy owner', 'Information Security Office'],
    ['Approved by', 'Chief Information Security Officer'],
    ['Version', '2026-03'],
    ['Effective date', 'March 2, 2026'],
    ['Next review', 'March 2027'],
    ['Classification', 'Internal'],
  ]);
  w.heading1('1. Purpose');
  w.para(
    'This policy sets out the minimum security requirements that apply to every vendor, contractor and service provider that stores, processes or transmits Company data, or that connects to Company systems. Its purpose is to ensure that third parties protect Company information to at least the standard the Company applies to itself, and that the risks introduced by outsourcing are identified, contracted for and monitored throughout the life of each vendor relationship.',
  );
  w.para(
    "The requirements in this policy are minimum requirements. Contracts, data processing agreements and statements of work may impose stricter obligations, and where they do, the stricter obligation applies. Nothing in this policy reduces a vendor's obligations under applicable law.",
  );
  w.heading1('2. Scope');
  w.para(
    'This policy applies to all vendors engaged by the Company or any of its subsidiaries, including software-as-a-service providers, hosting and infrastructure providers, managed service providers, consultants, staff augmentation contractors and any subcontractor that acts on behalf of a vendor. It applies regardless of the value of the contract and regardless of whether the vendor is paid.',
  );
  w.para(
    'It covers Company data in any form, including electronic records, paper documents, backups, logs and derived data such as reports and analytics extracts. It also covers all Company systems, networks, applications and facilities to which a vendor is granted access, whether on premises or in a cloud environment.',
  );
  w.para(
    'Vendors are classified into three risk tiers during onboarding. Tier 1 vendors have access to Restricted data or privileged access to production systems; Tier 2 vendors have access to Confidential data or standard user access; Tier 3 vendors have no access to Company data or systems. Unless stated otherwise, every requirement in this policy applies to Tier 1 and Tier 2 vendors.',
  );

  // Page 2
  w.newPage();
  w.heading1('3. Access Control');
  w.heading2('3.1 Account Management');
  w.para(
    'Each person who works on behalf of a vendor must be issued an individual account. Shared, generic or group accounts must not be used to access Company systems, and credentials must never be disclosed to another person, including other employees of the same vendor.',
  );
  w.para(
    "Access must be requested through the Company service desk by the vendor's Company sponsor, who is accountable for confirming that the access is needed for the contracted services. Access is granted on the principle of least privilege and is limited to the specific systems and data named in the contract or statement of work.",
  );
  w.heading2('3.2 Authentication');
  w.para(
    'Passwords used to access Company systems must be at least 14 characters long and must not be reused across systems. {{va-mfa}}Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email.{{/}} Authentication factors must be issued to a single named individual and must not be shared.',
  );
  w.para(
    'Where a Company system cannot support multi-factor authentication, the vendor must access it only through the Company remote access gateway, which enforces multi-factor authentication at the network boundary.',
  );
  w.heading2('3.3 Privileged Access');
  w.para(
    'Privileged access, meaning any access that allows a user to change system configuration, manage other accounts or bypass application controls, must be approved in writing by the system owner and the Information Security Office. Privileged access is granted for a limited time and expires automatically after no more than 90 days unless it is renewed.',
  );
  w.para(
    '{{va-pam}}All privileged sessions by vendor personnel must be brokered through the Company privileged access management system, which records each session.{{/}} Recordings are retained for one year and may be reviewed by the Information Security Office at any time.',
  );

  // Page 3
  w.newPage();
  w.heading2('3.4 Access Reviews');
  w.para(
    'The Company sponsor must review all vendor accounts at least quarterly and confirm that each account is still required and that its permissions remain appropriate. Accounts that cannot be confirmed within ten business days of the review request are suspended.',
  );
  w.para(
    '{{va-dormant}}Vendor accounts that have not been used for 30 days are disabled automatically.{{/}} Disabled accounts are deleted after a further 60 days unless the sponsor requests that they be re-enabled.',
  );
  w.heading2('3.5 Removal of Access');
  w.para(
    'Vendors must notify the Company sponsor within one business day when any person with access to Company systems leaves the vendor, changes role or no longer needs access. The sponsor must then request removal of the account. On termination or expiry of the contract, all vendor access is revoked no later than the last day of the contract.',
  );
  w.heading2('3.6 Physical Access');
  w.para(
    'Vendor personnel who need to enter Company facilities must be registered in advance, must wear a visitor badge at all times, and must be escorted in areas where Restricted data is processed. Vendors must not connect personal or unmanaged devices to the Company network in any facility.',
  );
  w.heading2('3.7 Devices Used for Access');
  w.para(
    'Devices used by vendor personnel to access Company systems must run a supported operating system, must receive security updates within 30 days of release, must use full-disk encryption and must run endpoint protection software with current signatures. The Company may require vendors to use a Company-managed virtual desktop instead of their own devices.',
  );

  // Page 4: two columns
  w.newPage();
  w.heading1('4. Network Security and Remote Connectivity');
  w.beginColumns(2, 24);
  w.heading2('4.1 Network Connections');
  w.para(
    'Vendors may connect to the Company network only through connection methods approved by the Information Security Office. Approved methods are the Company remote access gateway, site-to-site VPN tunnels documented in an interconnection agreement, and private connectivity to the Company cloud environment.',
  );
  w.heading2('4.2 Interconnection Agreements');
  w.para(
    'Every persistent network connection between a vendor and the Company must be documented in an interconnection agreement that names the systems at each end, the data exchanged, the ports and protocols used and the technical contacts on both sides. Interconnection agreements are reviewed annually and whenever the connection changes.',
  );
  w.heading2('4.3 Vendor Networks');
  w.para(
    'Vendors must protect their own networks with firewalls, intrusion detection and timely patching. Systems that store or process Company data must not be directly reachable from the internet unless they are designed to be, such as public web applications, and then only behind a web application firewall.',
  );
  w.nextColumn();
  w.heading2('4.4 Segregation');
  w.para(
    '{{va-segment}}Vendor connections must terminate in a segregated network zone that is separated from the Company production network by a firewall and that permits only the ports and destination systems approved for that vendor.{{/}} Vendor zones must not have routes to other vendor zones.',
  );
  w.heading2('4.5 Remote Sessions');
  w.para(
    'Remote sessions must time out after 15 minutes of inactivity and must be terminated at the end of the working day. Split tunnelling must be disabled on any device connected to the Company remote access gateway.',
  );
  w.heading2('4.6 Wireless Networks');
  w.para(
    'Vendor personnel on Company premises may use the guest wireless network only. The guest network provides internet access and does not provide access to Company systems.',
  );
  w.endColumns();
}
