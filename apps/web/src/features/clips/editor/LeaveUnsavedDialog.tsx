import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { UnsavedChangesGuard } from './use-unsaved-changes-guard';

/** The app's own question before an in-app navigation drops unsaved text or files. */
export function LeaveUnsavedDialog({ guard }: { guard: UnsavedChangesGuard }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={guard.isAsking}
      onOpenChange={(isOpen) => !isOpen && guard.stay()}
      title={t('shell.leaveTitle')}
      description={t('editor.leaveUnsaved')}
      confirmLabel={t('shell.leave')}
      cancelLabel={t('shell.stay')}
      closeLabel={t('common.close')}
      onConfirm={guard.leave}
    />
  );
}
