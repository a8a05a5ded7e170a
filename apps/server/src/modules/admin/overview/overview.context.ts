import type { AppContext } from '../../../app-context';

/** What the Overview and Settings read: the database, the realtime layer, files, mail, jobs and the environment. */
export type AdminOverviewContext = Pick<
  AppContext,
  'config' | 'database' | 'db' | 'realtime' | 'files' | 'mail' | 'mailer' | 'jobRuns' | 'log'
>;
