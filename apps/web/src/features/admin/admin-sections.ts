/**
 * The console's sections, in the navigation's order (Overview, Users, Invitations, Reports, Audit log,
 * Settings): only those whose page exists. Each names its path and its label under `adminConsole.sections`.
 */
export interface AdminSection {
  path: string;
  labelKey: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/admin', labelKey: 'adminConsole.sections.overview' },
  { path: '/admin/users', labelKey: 'adminConsole.sections.users' },
  { path: '/admin/invitations', labelKey: 'adminConsole.sections.invitations' },
  { path: '/admin/reports', labelKey: 'adminConsole.sections.reports' },
  { path: '/admin/audit', labelKey: 'adminConsole.sections.audit' },
  { path: '/admin/settings', labelKey: 'adminConsole.sections.settings' },
];
