import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useInvitationLookup } from '../../api/admin-invitation-queries';
import { useRegister } from '../../api/auth-mutations';
import { useRegistrationSettings } from '../../api/registration-queries';
import { LoadFailed } from '../../components/LoadFailed';
import { useAuth } from '../../session/auth-context';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useToast } from '../../ui/use-toast';
import { errorMessage, isPasswordTooCommon, isRegistrationClosed } from './error-message';
import { FormError } from '../../ui/FormError';
import { FormField } from '../../ui/FormField';
import { registrationNotice } from '../../lib/registration-notice';
import { useAuthForm } from './use-auth-form';
import { validateRegister } from './validation';

interface RegisterFormProps {
  /** The account was made: its address must be confirmed before it can log in. */
  onRegistered: (email: string) => void;
  onLogin: () => void;
  /** The token of an admin's invitation link (`/register?invitation=`), or null for an ordinary sign-up. */
  invitation?: string | null;
}

/** An admin's working invitation: its link's token and the address it is for. */
interface Invited {
  token: string;
  email: string;
}

/**
 * The sign-up form. Opened from an admin's invitation link it is the invited variant: the invited address
 * filled and read-only, no registration-mode notice (the invitation passes every mode), and the new account,
 * confirmed by the link, signed in at once. A link that no longer works says so above the ordinary form.
 */
export function RegisterForm({ invitation = null, ...props }: RegisterFormProps) {
  const { t } = useTranslation();
  const lookup = useInvitationLookup(invitation);
  if (invitation !== null && lookup.isPending) {
    return (
      <div role="status" aria-label={t('adminInvitations.checking')}>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  // Only the server's "no longer valid" means the link is dead: a limit or an outage must not turn the invitee away.
  if (invitation !== null && lookup.isError && !isInvitationInvalid(lookup.error)) {
    return (
      <LoadFailed
        title={t('loadFailed.invitation')}
        onRetry={() => void lookup.refetch()}
        isRetrying={lookup.isFetching}
      />
    );
  }
  if (invitation !== null && lookup.data) {
    return <InvitedRegisterFields {...props} invited={{ token: invitation, email: lookup.data.email }} />;
  }
  return <RegisterFields {...props} invited={null} isInvitationInvalid={invitation !== null} />;
}

/** The invited variant signs the new account in: the link proved the mailbox, so it is confirmed already. */
function InvitedRegisterFields(props: Omit<RegisterFormProps, 'invitation'> & { invited: Invited }) {
  const { login } = useAuth();
  return (
    <RegisterFields {...props} isInvitationInvalid={false} signIn={(email, password) => login({ email, password })} />
  );
}

const isInvitationInvalid = (error: unknown) => error instanceof ApiError && error.code === 'INVITATION_INVALID';

function RegisterFields({
  onRegistered,
  onLogin,
  invited,
  isInvitationInvalid: isLinkInvalid,
  signIn,
}: Omit<RegisterFormProps, 'invitation'> & {
  invited: Invited | null;
  isInvitationInvalid: boolean;
  signIn?: (email: string, password: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const register = useRegister();
  const settings = useRegistrationSettings().data;
  const notice = invited ? null : registrationNotice(settings, t, i18n.language);
  const { submit, field, formError, isSubmitting } = useAuthForm({
    initial: { name: '', email: invited?.email ?? '', password: '', confirmPassword: '' },
    validate: validateRegister,
    send: async (values) => {
      const email = values.email.trim();
      const account = { name: values.name.trim(), email, password: values.password };
      if (invited) {
        await register.mutateAsync({ ...account, invitation: invited.token });
        toast.success({ title: t('auth.accountCreated'), duration: 5000 });
        await signIn?.(email, values.password);
        return;
      }
      await register.mutateAsync(account);
      toast.success({ title: t('auth.accountCreated'), description: t('auth.accountCreatedBody'), duration: 5000 });
      onRegistered(email);
    },
    describeFailure: (error) =>
      isPasswordTooCommon(error)
        ? t('auth.errors.passwordTooCommon')
        : isInvitationInvalid(error)
          ? t('adminInvitations.invalidLink')
          : (isRegistrationClosed(error) && notice) ||
            errorMessage(error, {
              byStatus: { 400: t('auth.errors.invalidRequest'), 500: t('auth.errors.serverError') },
              otherwise: t('auth.errors.registrationFailed'),
            }),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">{t('auth.registerTitle')}</h1>
      {invited && (
        <p className="rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
          {t('adminInvitations.invitedNote')}
        </p>
      )}
      {isLinkInvalid && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {t('adminInvitations.invalidLink')}
        </p>
      )}
      {!invited && settings?.firstAccountBecomesAdmin && (
        <p
          role="note"
          data-testid="first-admin-note"
          className="rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
        >
          {t('firstRun.adminNote')}
        </p>
      )}
      {/* A refusal for the same reason says it by the button instead: once, where the eye is. */}
      {notice && formError !== notice && (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
        </p>
      )}
      <FormField label={t('auth.name')} autoComplete="name" {...field('name')} />
      <FormField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        readOnly={Boolean(invited)}
        {...field('email')}
      />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        canReveal
        {...field('password')}
      />
      <FormField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        canReveal
        {...field('confirmPassword')}
      />
      <FormError message={formError} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
      <button type="button" onClick={onLogin} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        {t('auth.toLogin')}
      </button>
    </form>
  );
}
