import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { SendToDeviceDialog, type SendContent } from './SendToDeviceDialog';

interface SendToDeviceButtonProps {
  content: SendContent;
  /** Asked before the picker opens; false keeps it closed (the caller says why, e.g. 'save first'). */
  mayOpen?: () => boolean;
}

/** "Send to a device" and its picker, for a page that sends one thing (a clip page). */
export function SendToDeviceButton({ content, mayOpen = () => true }: SendToDeviceButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => mayOpen() && setIsOpen(true)}>
        <Send className="h-4 w-4" aria-hidden="true" />
        {t('deviceSends.title')}
      </Button>
      <SendToDeviceDialog content={isOpen ? content : null} onClose={() => setIsOpen(false)} />
    </>
  );
}
