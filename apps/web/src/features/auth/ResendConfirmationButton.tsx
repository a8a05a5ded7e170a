import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useResendConfirmation } from '../../api/auth-mutations';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { errorMessage } from './error-message';

/** Offered when the login was refused for an unconfirmed address: the server's answer becomes a toast. */
export function ResendConfirmationButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const resend = useResendConfirmation();
  const send = () =>
    resend.mutate(email, {
      onSuccess: ({ message }) => toast.success({ title: message }),
      onError: (error) => toast.error({ title: errorMessage(error, { otherwise: t('unconfirmed.failed') }) }),
    });
  return (
    <Button type="button" variant="secondary" className="w-full" disabled={resend.isPending} onClick={send}>
      <MailCheck className="h-4 w-4" aria-hidden="true" />
      {t(resend.isPending ? 'unconfirmed.resending' : 'confirm.resend')}
    </Button>
  );
}
