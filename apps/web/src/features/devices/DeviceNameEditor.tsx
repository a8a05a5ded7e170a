import { DeviceName, type Device } from '@clipsync/shared';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useUpdateDevice } from '../../api/device-queries';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { useToast } from '../../ui/use-toast';

/** A device's name with Rename: the name turns into a field in place, Enter saves and Escape leaves it. */
export function DeviceNameEditor({ device }: { device: Device }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateDevice();
  const [draft, setDraft] = useState<string | null>(null);
  const [isInvalid, setIsInvalid] = useState(false);

  const stopEditing = () => {
    setDraft(null);
    setIsInvalid(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DeviceName.safeParse(draft ?? '');
    if (!parsed.success) return setIsInvalid(true);
    if (parsed.data === device.name) return stopEditing();
    update.mutate(
      { id: device.id, name: parsed.data },
      {
        onSuccess: () => {
          stopEditing();
          toast.success({ title: t('devices.renamed') });
        },
        onError: (error) =>
          toast.error({
            title: t('devices.renameFailed'),
            description:
              error instanceof ApiError && error.code === 'DEVICE_NAME_TAKEN'
                ? t('devices.nameTaken', { name: parsed.data })
                : error.message,
          }),
      },
    );
  };

  // Escape leaves the field here rather than closing anything around it.
  const leaveOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    stopEditing();
  };

  if (draft === null) {
    return (
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate font-medium" title={device.name}>
          {device.name}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 shrink-0 px-2"
          aria-label={t('devices.renameNamed', { name: device.name })}
          title={t('devices.rename')}
          onClick={() => setDraft(device.name)}
        >
          <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
        </Button>
      </span>
    );
  }
  return (
    <form onSubmit={save} className="flex w-full flex-wrap items-center gap-2" onKeyDown={leaveOnEscape}>
      <Input
        aria-label={t('devices.nameLabel')}
        aria-invalid={isInvalid}
        aria-describedby={isInvalid ? `device-name-error-${device.id}` : undefined}
        autoFocus
        className="h-9 max-w-xs min-w-0 flex-1"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        {t('devices.save')}
      </Button>
      <Button type="button" variant="secondary" size="sm" onClick={stopEditing}>
        {t('devices.cancel')}
      </Button>
      {isInvalid && (
        <p id={`device-name-error-${device.id}`} role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {t('devices.nameInvalid')}
        </p>
      )}
    </form>
  );
}
