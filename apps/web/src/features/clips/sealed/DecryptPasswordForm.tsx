import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';

interface DecryptPasswordFormProps {
  /** A password was tried and the clip did not open with it. */
  hasFailed: boolean;
  onSubmit: (password: string) => void;
}

/** The password of an end-to-end encrypted clip, asked before opening it; it never leaves the browser. */
export function DecryptPasswordForm({ hasFailed, onSubmit }: DecryptPasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <form onSubmit={submit} className="mx-auto flex max-w-sm flex-col items-center gap-4 py-10 text-center">
      <LockKeyhole className="h-8 w-8 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
      <p className="font-medium">{t('encryption.passwordPrompt')}</p>
      <div className="flex w-full flex-col gap-1.5 text-left">
        <label htmlFor={id} className="text-sm font-medium">
          {t('encryption.password')}
        </label>
        <Input
          id={id}
          type="password"
          autoComplete="off"
          required
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {hasFailed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('encryption.failed')}
        </p>
      )}
      <Button type="submit">{t('encryption.open')}</Button>
    </form>
  );
}
