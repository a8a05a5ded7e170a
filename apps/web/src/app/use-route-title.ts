import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** What a route declares in its `handle`: the i18n key of its page name in the tab's title. */
export interface RouteTitle {
  titleKey: string;
}

const isRouteTitle = (handle: unknown): handle is RouteTitle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteTitle).titleKey === 'string';

/** The tab says where one is ('All Clips · ClipSync', translated); the landing page is just 'ClipSync'. */
export function useRouteTitle() {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteTitle);
  const title = handle ? t('shell.pageTitle', { page: t(handle.titleKey) }) : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
