import type { DesktopItem } from '@clipsync/shared';
import { Copy, FileText, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendToDeviceDialog } from '../../components/SendToDeviceDialog';
import { useAuth } from '../../session/auth-context';
import { BlockButton, DesktopBlock } from './DesktopBlock';
import type { BlockFocusProps } from './use-block-keyboard';
import { useCopyBlockText } from './use-copy-block-text';

interface TextBlockProps {
  item: DesktopItem;
  canMove: boolean;
  canDelete: boolean;
  onDelete: (item: DesktopItem) => void;
  focusProps?: BlockFocusProps;
}

/** A text block with Copy ('Copied'), "Send to a device" (signed in: the devices are the account's) and delete. */
export function TextBlock({ item, canMove, canDelete, onDelete, focusProps }: TextBlockProps) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const copyBlockText = useCopyBlockText();
  const [isSending, setIsSending] = useState(false);
  const copy = () => copyBlockText(item.content);
  return (
    <>
      <DesktopBlock
        label={item.content.slice(0, 60)}
        title={t('desktop.textBlock')}
        icon={FileText}
        canMove={canMove}
        focusProps={focusProps}
        actions={
          <>
            <BlockButton label={t('desktop.copy')} icon={Copy} onClick={() => void copy()} />
            {status === 'signedIn' && (
              <BlockButton label={t('deviceSends.title')} icon={Send} onClick={() => setIsSending(true)} />
            )}
            {canDelete && (
              <BlockButton label={t('desktop.delete')} icon={Trash2} onClick={() => onDelete(item)} isDestructive />
            )}
          </>
        }
      >
        <p className="text-sm wrap-anywhere whitespace-pre-wrap">{item.content}</p>
      </DesktopBlock>
      <SendToDeviceDialog content={isSending ? { text: item.content } : null} onClose={() => setIsSending(false)} />
    </>
  );
}
