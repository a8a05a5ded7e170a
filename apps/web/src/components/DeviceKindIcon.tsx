import type { DeviceKind } from '@clipsync/shared';
import { AppWindow, Globe, SquareTerminal, type LucideIcon } from 'lucide-react';
import { cn } from '../ui/cn';

const ICONS: Record<DeviceKind, LucideIcon> = { browser: Globe, app: AppWindow, cli: SquareTerminal };

/** A device's kind as an icon; decorative, since the kind is said in words beside it. */
export function DeviceKindIcon({ kind, className }: { kind: DeviceKind; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden="true" className={cn('h-5 w-5 shrink-0', className)} />;
}
