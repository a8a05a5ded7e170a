import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClip } from '../../api/clip-queries';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { useAuth } from '../auth/auth-context';
import { ClipPageLayout, ClipPanel } from './ClipPageLayout';
import { SharedClipOwnerView } from './SharedClipOwnerView';
import { SharedClipTitle } from './SharedClipTitle';
import { SharedClipViewerView } from './SharedClipViewerView';

/** /clips/{clipId}: anyone with the link reads the clip; its owner edits it (SPEC §2, §6). */
export default function SharedClipPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { clipId } = useParams();
  const { status, user } = useAuth();
  const clipQuery = useClip(clipId);

  const reportLoadFailure = useEffectEvent(() => toast.error({ title: t('editor.loadFailed') }));
  useEffect(() => {
    if (clipQuery.isError) reportLoadFailure();
  }, [clipQuery.isError]);

  const clip = clipQuery.data;
  // Ownership is known only once the session is: until then the page keeps loading.
  if (clip && status !== 'loading') {
    return user?.id === clip.userId ? <SharedClipOwnerView clip={clip} /> : <SharedClipViewerView clip={clip} />;
  }
  // A malformed id (400) names no clip either.
  const isMissing = clipQuery.error instanceof ApiError && [400, 404].includes(clipQuery.error.status);
  return (
    <ClipPageLayout>
      <SharedClipTitle />
      <ClipPanel>
        {clipQuery.isError ? (
          <div className="flex flex-col items-center gap-4 py-12 text-center">
            <p role="alert" className="text-slate-700 dark:text-slate-200">
              {t(isMissing ? 'editor.notFound' : 'editor.loadFailed')}
            </p>
            <Button asChild variant="secondary">
              <Link to="/">{t('notFound.home')}</Link>
            </Button>
          </div>
        ) : (
          <div
            role="status"
            className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300"
          >
            <Loader2 className="h-6 w-6 animate-spin text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('editor.loadingClip')}
          </div>
        )}
      </ClipPanel>
    </ClipPageLayout>
  );
}
