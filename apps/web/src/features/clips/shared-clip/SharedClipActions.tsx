import { Copy, Download, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { useClipContentActions } from '../editor/use-clip-content-actions';

interface SharedClipActionsProps {
  clipId: string;
  text: string;
  onShare: () => void;
  /** The owner's Upload File, in the same place as on the new-clip page (after Copy). */
  afterCopy?: ReactNode;
}

/** Copy Content, Download and Share: what everyone may do with a shared clip. */
export function SharedClipActions({ clipId, text, onShare, afterCopy }: SharedClipActionsProps) {
  const { t } = useTranslation();
  const { copyContent, downloadContent } = useClipContentActions();
  return (
    <>
      <Button variant="secondary" onClick={() => void copyContent(text)}>
        <Copy className="h-4 w-4" aria-hidden="true" />
        {t('editor.copy')}
      </Button>
      {afterCopy}
      <Button variant="secondary" onClick={() => downloadContent(clipId, text)}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {t('editor.downloadContent')}
      </Button>
      <Button variant="secondary" onClick={onShare}>
        <Share2 className="h-4 w-4" aria-hidden="true" />
        {t('editor.share')}
      </Button>
    </>
  );
}

/** The note under the title: what this visitor may do here. */
export function SharedClipNote({ children, tone }: { children: string; tone: 'owner' | 'viewer' }) {
  return (
    <p
      className={
        tone === 'owner'
          ? 'mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100'
          : 'mb-4 rounded-lg border border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200'
      }
    >
      {children}
    </p>
  );
}
