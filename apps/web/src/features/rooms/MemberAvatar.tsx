import type { RoomAvatar } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';

/** A room card shows this many member avatars, then '+N'. */
export const AVATARS_SHOWN = 3;

/** Background colours dark enough for white initials (WCAG AA at this size). */
const PALETTE = [
  'bg-indigo-600',
  'bg-emerald-700',
  'bg-rose-600',
  'bg-amber-700',
  'bg-sky-700',
  'bg-violet-600',
  'bg-teal-700',
  'bg-fuchsia-700',
] as const;

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm' } as const;

/** The same e-mail always gets the same colour, on every card and page. */
export function avatarColor(email: string): string {
  let hash = 0;
  for (const char of email.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

/** Only a web address is shown as an image; anything else (none is uploaded today) falls back to the initial. */
const isImageAddress = (avatar: string | null): avatar is string => avatar !== null && /^(https?:\/\/|\/)/.test(avatar);

interface MemberAvatarProps {
  email: string;
  avatar: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A member's round avatar: their picture, else the e-mail's first letter on a colour of its own. */
export function MemberAvatar({ email, avatar, size = 'sm', className }: MemberAvatarProps) {
  const classes = cn('inline-flex shrink-0 items-center justify-center rounded-full', SIZES[size], className);
  if (isImageAddress(avatar)) {
    return <img src={avatar} alt={email} title={email} className={cn(classes, 'object-cover')} />;
  }
  return (
    // Only the initial is upper-cased: a text-transform on the whole avatar would also shout the e-mail its
    // screen-reader name carries ('UNA@EXAMPLE.COM'), and the e-mail is shown as it was typed.
    <span title={email} className={cn(classes, 'font-semibold text-white', avatarColor(email))}>
      <span aria-hidden="true">{email.charAt(0).toLocaleUpperCase() || '?'}</span>
      <span className="sr-only">{email}</span>
    </span>
  );
}

interface MemberAvatarStackProps {
  avatars: readonly Pick<RoomAvatar, 'id' | 'email' | 'avatar'>[];
  /** All the room's members, so the ones not pictured read as '+N'. */
  memberCount: number;
}

/** A room card's avatars: the first 3 members' avatars, overlapping, then '+N' for the others. */
export function MemberAvatarStack({ avatars, memberCount }: MemberAvatarStackProps) {
  const { t } = useTranslation();
  const shown = avatars.slice(0, AVATARS_SHOWN);
  const others = memberCount - shown.length;
  return (
    <div className="flex items-center">
      <ul className="flex -space-x-2">
        {shown.map((member) => (
          <li key={member.id}>
            <MemberAvatar
              email={member.email}
              avatar={member.avatar}
              className="ring-2 ring-white dark:ring-slate-900"
            />
          </li>
        ))}
      </ul>
      {others > 0 && (
        <span className="ml-2 text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('rooms.moreMembers', { count: others })}
        </span>
      )}
    </div>
  );
}
