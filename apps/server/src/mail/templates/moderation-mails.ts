import type { Mail } from '../mailer';
import { compose } from './account-mails';

const PRODUCT = 'ClipSync';

/** To an admin: visitors reported links, and how many reported items wait in the console's Reports tab. */
export function reportsWaitingMail(to: string, waiting: number, url: string): Mail {
  const count = waiting === 1 ? '1 reported item waits' : `${waiting} reported items wait`;
  return compose(
    to,
    `${count} for review on ${PRODUCT}`,
    [
      `Visitors reported links on this ${PRODUCT} server: ${count} for review.`,
      'Open the Reports tab of the admin console to look at each one, take it down or dismiss its reports.',
      'You get at most one of these mails every 15 minutes; reports made in between are counted in the next one.',
    ],
    { label: 'Open the reports', url },
  );
}
