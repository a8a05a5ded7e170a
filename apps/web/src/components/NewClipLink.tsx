import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../ui/Button';

/** The way to start a clip, wherever a page offers one: a button-styled link to /new-clip. */
export function NewClipLink({
  variant = 'primary',
  labelKey = 'clips.newClip',
}: {
  variant?: 'primary' | 'secondary';
  labelKey?: 'clips.newClip' | 'cards.createClip';
}) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant}>
      <Link to="/new-clip">
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t(labelKey)}
      </Link>
    </Button>
  );
}
